ALTER TABLE `jobs` ADD `order_key` text;--> statement-breakpoint
CREATE INDEX `jobs_order_idx` ON `jobs` (`order_key`,`id`);