CREATE TABLE `auth_session_secrets` (
	`session_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`retired_at` text NOT NULL,
	PRIMARY KEY(`session_id`, `secret_hash`),
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`reset_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
ALTER TABLE `messages` ADD `send_error` text;