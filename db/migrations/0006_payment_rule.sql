CREATE TABLE `payment_refs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`provider` text NOT NULL,
	`ref` text NOT NULL,
	`amount` real NOT NULL,
	`currency` text NOT NULL,
	`replaced_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refs_provider_ref_uq` ON `payment_refs` (`provider`,`ref`);--> statement-breakpoint
CREATE INDEX `payment_refs_invoice_idx` ON `payment_refs` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_issue` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `provider_error` text;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `outcome` text;