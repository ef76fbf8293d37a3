CREATE TABLE `company_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`requested_by_id` integer,
	`requested_by_name` text DEFAULT '' NOT NULL,
	`by_operator` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`file_name` text,
	`size` integer,
	`error` text,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_exports_company_idx` ON `company_exports` (`company_id`,`id`);--> statement-breakpoint
CREATE TABLE `retention_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer,
	`company_id` integer,
	`messages_months` integer,
	`media_only` integer,
	`closed_media_days` integer,
	`audit_days` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retention_rules_plan_uq` ON `retention_rules` (`plan_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `retention_rules_company_uq` ON `retention_rules` (`company_id`);--> statement-breakpoint
CREATE TABLE `retention_stats` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`messages_deleted` integer DEFAULT 0 NOT NULL,
	`media_deleted` integer DEFAULT 0 NOT NULL,
	`audit_deleted` integer DEFAULT 0 NOT NULL,
	`last_run_on` text,
	`last_run_at` text,
	`last_run` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
