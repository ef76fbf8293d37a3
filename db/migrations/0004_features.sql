CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`user_id` integer,
	`user_name` text,
	`user_email` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`summary` text,
	`diff` text,
	`ip` text,
	`user_agent` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_logs_company_created_idx` ON `audit_logs` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_company_user_idx` ON `audit_logs` (`company_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_company_action_idx` ON `audit_logs` (`company_id`,`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_company_entity_idx` ON `audit_logs` (`company_id`,`entity`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_session_secrets` (
	`session_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`retired_at` text NOT NULL,
	PRIMARY KEY(`session_id`, `secret_hash`),
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `login_challenges` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`pending_secret` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`ip` text,
	`user_agent` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_challenges_expires_idx` ON `login_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`company_id` integer,
	`invoice_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_provider_event_uq` ON `payment_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`reset_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
CREATE TABLE `ticket_timers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`kind` text NOT NULL,
	`due_at` text NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`claimed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_timers_ticket_kind_uq` ON `ticket_timers` (`ticket_id`,`kind`);--> statement-breakpoint
CREATE INDEX `ticket_timers_due_idx` ON `ticket_timers` (`due_at`);--> statement-breakpoint
CREATE TABLE `todos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `todos_user_created_idx` ON `todos` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `two_factor_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_recovery_codes_user_idx` ON `two_factor_recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_two_factor` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`secret` text NOT NULL,
	`enabled_at` text,
	`last_used_step` integer DEFAULT 0 NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `announcements` ADD `expires_at` text;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `message_id` integer;--> statement-breakpoint
CREATE INDEX `campaign_shippings_campaign_status_idx` ON `campaign_shippings` (`campaign_id`,`status`,`id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_link_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `plan_id` integer REFERENCES plans(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `send_error` text;--> statement-breakpoint
CREATE INDEX `messages_company_created_idx` ON `messages` (`company_id`,`created_at`,`from_me`);--> statement-breakpoint
ALTER TABLE `schedules` ADD `message_id` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `out_of_hour_at` text;--> statement-breakpoint
CREATE INDEX `tickets_company_created_cover_idx` ON `tickets` (`company_id`,`created_at`,`status`,`user_id`,`queue_id`,`whatsapp_id`,`contact_id`,`is_group`,`is_active_demand`);--> statement-breakpoint
CREATE INDEX `contacts_company_created_idx` ON `contacts` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_traking_company_user_created_agg_idx` ON `ticket_traking` (`company_id`,`user_id`,`created_at`,`queue_id`,`rated`,`finished_at`,`closed_at`,(CASE WHEN started_at >= queued_at THEN (julianday(started_at) - julianday(queued_at)) * 1440 END),(CASE WHEN finished_at > started_at THEN (julianday(finished_at) - julianday(started_at)) * 1440 END));--> statement-breakpoint
CREATE INDEX `user_ratings_company_created_cover_idx` ON `user_ratings` (`company_id`,`created_at`,`user_id`,`rate`);