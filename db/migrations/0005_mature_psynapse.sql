ALTER TABLE `prompts` ADD `model` text DEFAULT 'gpt-4o-mini' NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_logs` ADD `detail` text;