ALTER TABLE `contacts` ADD `unreachable_at` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `telegram_token` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `telegram_secret` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `telegram_bot` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `telegram_offset` integer;