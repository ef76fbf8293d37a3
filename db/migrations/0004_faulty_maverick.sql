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
ALTER TABLE `tickets` ADD `out_of_hour_at` text;