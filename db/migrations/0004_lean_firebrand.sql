ALTER TABLE `campaign_shippings` ADD `message_id` integer;--> statement-breakpoint
CREATE INDEX `campaign_shippings_campaign_status_idx` ON `campaign_shippings` (`campaign_id`,`status`,`id`);--> statement-breakpoint
ALTER TABLE `schedules` ADD `message_id` integer;