ALTER TABLE `messages` ADD `media_status` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `media_link` text;