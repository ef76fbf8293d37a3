CREATE TABLE `webchat_visitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`token_hash` text NOT NULL,
	`origin` text,
	`last_seen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webchat_visitors_token_uq` ON `webchat_visitors` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `webchat_visitors_company_number_uq` ON `webchat_visitors` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `webchat_visitors_connection_idx` ON `webchat_visitors` (`whatsapp_id`);--> statement-breakpoint
ALTER TABLE `prompts` ADD `model` text DEFAULT 'gpt-4o-mini' NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_logs` ADD `detail` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `webchat` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `webchat_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_webchat_key_uq` ON `whatsapps` (`webchat_key`);