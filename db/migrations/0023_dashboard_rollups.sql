CREATE TABLE `dashboard_day_cycles` (
	`company_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	`cycles` integer DEFAULT 0 NOT NULL,
	`finished` integer DEFAULT 0 NOT NULL,
	`rated` integer DEFAULT 0 NOT NULL,
	`wait_rating` integer DEFAULT 0 NOT NULL,
	`wait_sum` real DEFAULT 0 NOT NULL,
	`wait_n` integer DEFAULT 0 NOT NULL,
	`support_sum` real DEFAULT 0 NOT NULL,
	`support_n` integer DEFAULT 0 NOT NULL,
	`ratings` integer DEFAULT 0 NOT NULL,
	`rate_sum` integer DEFAULT 0 NOT NULL,
	`promoters` integer DEFAULT 0 NOT NULL,
	`passives` integer DEFAULT 0 NOT NULL,
	`detractors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `queue_id`, `day`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_day_messages` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`from_me` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_day_tickets` (
	`company_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`day` text NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`groups` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `queue_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_rollup_state` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`zone` text NOT NULL,
	`built_until` text NOT NULL,
	`built_at` text NOT NULL
);
