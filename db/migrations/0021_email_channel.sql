ALTER TABLE `tickets` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `email_settings` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `email_secret` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `email_uid_validity` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `email_last_uid` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `contacts_company_email_idx` ON `contacts` (`company_id`,`email`);