ALTER TABLE `invoices` ADD `provider_error_at` text;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `reported_amount` real;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `reported_currency` text;--> statement-breakpoint
CREATE INDEX `payment_events_outcome_idx` ON `payment_events` (`outcome`,`created_at`);