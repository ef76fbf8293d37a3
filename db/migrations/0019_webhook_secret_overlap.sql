ALTER TABLE `webhook_subscriptions` ADD `previous_secret` text;--> statement-breakpoint
ALTER TABLE `webhook_subscriptions` ADD `previous_secret_hint` text;--> statement-breakpoint
ALTER TABLE `webhook_subscriptions` ADD `previous_secret_until` text;