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
ALTER TABLE `payment_events` ADD `outcome` text;--> statement-breakpoint
-- Hand-written: the sessions, charges, links and receipts of unpaid invoices made before payment
-- references existed become their invoices' current references, at the invoice's value.
INSERT OR IGNORE INTO `payment_refs` (`company_id`, `invoice_id`, `provider`, `ref`, `amount`, `currency`)
  SELECT `company_id`, `id`, 'stripe', `stripe_id`, `value`, 'USD' FROM `invoices`
  WHERE `status` != 'paid' AND `stripe_id` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `payment_refs` (`company_id`, `invoice_id`, `provider`, `ref`, `amount`, `currency`)
  SELECT `company_id`, `id`, 'efi', `txid`, `value`, 'BRL' FROM `invoices`
  WHERE `status` != 'paid' AND `txid` LIKE 'atende%';--> statement-breakpoint
INSERT OR IGNORE INTO `payment_refs` (`company_id`, `invoice_id`, `provider`, `ref`, `amount`, `currency`)
  SELECT `company_id`, `id`, 'asaas', `payment_link_id`, `value`, 'BRL' FROM `invoices`
  WHERE `status` != 'paid' AND `payment_link_id` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `payment_refs` (`company_id`, `invoice_id`, `provider`, `ref`, `amount`, `currency`)
  SELECT `company_id`, `id`, 'mercadopago', 'invoice-' || `id`, `value`, 'BRL' FROM `invoices`
  WHERE `status` != 'paid';--> statement-breakpoint
INSERT OR IGNORE INTO `payment_refs` (`company_id`, `invoice_id`, `provider`, `ref`, `amount`, `currency`)
  SELECT r.`company_id`, r.`invoice_id`, 'receipt', CAST(r.`id` AS TEXT), i.`value`, '' FROM `receipts` r
  JOIN `invoices` i ON i.`id` = r.`invoice_id` WHERE r.`estado` = 1 AND i.`status` != 'paid';
