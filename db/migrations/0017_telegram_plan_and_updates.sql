ALTER TABLE `plans` ADD `use_telegram` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `telegram_update_ids` text;