CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`media_path` text,
	`media_name` text,
	`priority` integer DEFAULT 3 NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcements_status_created_idx` ON `announcements` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `api_usages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`date_used` text NOT NULL,
	`used_on_day` integer DEFAULT 0 NOT NULL,
	`used_text` integer DEFAULT 0 NOT NULL,
	`used_pdf` integer DEFAULT 0 NOT NULL,
	`used_image` integer DEFAULT 0 NOT NULL,
	`used_other` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_usages_company_date_uq` ON `api_usages` (`company_id`,`date_used`);--> statement-breakpoint
CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`secret_hash` text NOT NULL,
	`previous_secret_hash` text,
	`user_agent` text,
	`ip` text,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`revoked_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`,`revoked_at`);--> statement-breakpoint
CREATE TABLE `campaign_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_settings_company_key_uq` ON `campaign_settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `campaign_shippings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`contact_list_item_id` integer NOT NULL,
	`number` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`confirmation_message` text,
	`confirmation` integer DEFAULT false NOT NULL,
	`confirmation_requested_at` text,
	`confirmed_at` text,
	`delivered_at` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`run_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shippings_campaign_item_uq` ON `campaign_shippings` (`campaign_id`,`contact_list_item_id`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_status_run_at_idx` ON `campaign_shippings` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_company_number_idx` ON `campaign_shippings` (`company_id`,`number`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message1` text,
	`message2` text,
	`message3` text,
	`message4` text,
	`message5` text,
	`confirmation_message1` text,
	`confirmation_message2` text,
	`confirmation_message3` text,
	`confirmation_message4` text,
	`confirmation_message5` text,
	`status` text DEFAULT 'INATIVA' NOT NULL,
	`confirmation` integer DEFAULT false NOT NULL,
	`scheduled_at` text,
	`completed_at` text,
	`contact_list_id` integer,
	`tag_list_id` integer,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`status_ticket` text DEFAULT 'closed' NOT NULL,
	`open_ticket` text DEFAULT 'disabled' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tag_list_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_company_created_idx` ON `campaigns` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `campaigns_status_scheduled_idx` ON `campaigns` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`sender_id` integer,
	`message` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_chat_created_idx` ON `chat_messages` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chat_users` (
	`company_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`unreads` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_users_user_idx` ON `chat_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `chatbots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`queue_id` integer,
	`parent_id` integer,
	`name` text NOT NULL,
	`greeting_message` text,
	`queue_type` text DEFAULT 'text' NOT NULL,
	`opt_queue_id` integer,
	`opt_user_id` integer,
	`opt_integration_id` integer,
	`opt_file_id` integer,
	`close_ticket` integer DEFAULT false NOT NULL,
	`order_option` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `chatbots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opt_queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`opt_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`opt_integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`opt_file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chatbots_queue_idx` ON `chatbots` (`queue_id`);--> statement-breakpoint
CREATE INDEX `chatbots_parent_idx` ON `chatbots` (`parent_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`owner_id` integer,
	`last_message` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_uuid_uq` ON `chats` (`uuid`);--> statement-breakpoint
CREATE INDEX `chats_company_updated_idx` ON `chats` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`document` text,
	`plan_id` integer NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`due_date` text,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`timezone` text DEFAULT 'America/Sao_Paulo' NOT NULL,
	`schedules` text DEFAULT '[]' NOT NULL,
	`number_attendants` integer,
	`number_conections` integer,
	`payment_method` text,
	`last_login` text,
	`folder_size` text,
	`number_file_folder` text,
	`updated_at_folder` text,
	`address_street` text,
	`address_state` text,
	`address_city` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_uq` ON `companies` (`name`);--> statement-breakpoint
CREATE TABLE `contact_custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_custom_fields_contact_idx` ON `contact_custom_fields` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contact_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_list_id` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`number` text NOT NULL,
	`email` text,
	`is_whatsapp_valid` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_list_items_list_number_uq` ON `contact_list_items` (`contact_list_id`,`number`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_lists_company_name_idx` ON `contact_lists` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `contact_tags` (
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`contact_id`, `tag_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_tags_tag_idx` ON `contact_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text,
	`active` integer DEFAULT true NOT NULL,
	`accept_audio_message` integer DEFAULT true NOT NULL,
	`disable_bot` integer DEFAULT false NOT NULL,
	`lgpd_accepted_at` text,
	`url_picture` text,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`whatsapp_id` integer,
	`remote_jid` text,
	`lid` text,
	`wallet_user_id` integer,
	`profile_pic_updated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`wallet_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_number_uq` ON `contacts` (`company_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_lid_uq` ON `contacts` (`company_id`,`lid`) WHERE lid is not null;--> statement-breakpoint
CREATE INDEX `contacts_company_name_idx` ON `contacts` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `dialog_chatbots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`chatbot_id` integer,
	`queue_id` integer,
	`awaiting` integer DEFAULT false NOT NULL,
	`ticket_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chatbot_id`) REFERENCES `chatbots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialog_chatbots_company_contact_uq` ON `dialog_chatbots` (`company_id`,`contact_id`);--> statement-breakpoint
CREATE TABLE `file_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`media_type` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_options_file_idx` ON `file_options` (`file_id`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_company_name_idx` ON `files` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `flow_builders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`flow` text DEFAULT '{"nodes":[],"connections":[]}' NOT NULL,
	`variables` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flow_builders_company_name_idx` ON `flow_builders` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `flow_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`flow_id` integer NOT NULL,
	`phrase` text NOT NULL,
	`whatsapp_id` integer,
	`status` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flow_id`) REFERENCES `flow_builders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flow_campaigns_company_whatsapp_idx` ON `flow_campaigns` (`company_id`,`whatsapp_id`);--> statement-breakpoint
CREATE TABLE `flow_defaults` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`flow_id_welcome` integer,
	`flow_id_phrase` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flow_id_welcome`) REFERENCES `flow_builders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flow_id_phrase`) REFERENCES `flow_builders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flow_defaults_company_uq` ON `flow_defaults` (`company_id`);--> statement-breakpoint
CREATE TABLE `helps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`video` text,
	`link` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`connections` integer DEFAULT 0 NOT NULL,
	`queues` integer DEFAULT 0 NOT NULL,
	`due_date` text NOT NULL,
	`link_invoice` text,
	`txid` text,
	`stripe_id` text,
	`subscription_id` text,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoices_company_due_date_idx` ON `invoices` (`company_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_stripe_idx` ON `invoices` (`stripe_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`name` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`run_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 8 NOT NULL,
	`last_error` text,
	`locked_by` text,
	`locked_at` text,
	`dedupe_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_uq` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`wid` text,
	`ticket_id` integer NOT NULL,
	`contact_id` integer,
	`body` text DEFAULT '' NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`media_type` text,
	`media_url` text,
	`media_name` text,
	`ack` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`is_forwarded` integer DEFAULT false NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`quoted_msg_id` integer,
	`queue_id` integer,
	`remote_jid` text,
	`participant` text,
	`data_json` text,
	`channel` text,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_company_wid_uq` ON `messages` (`company_id`,`wid`);--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_company_contact_created_idx` ON `messages` (`company_id`,`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`users` integer DEFAULT 1 NOT NULL,
	`connections` integer DEFAULT 1 NOT NULL,
	`queues` integer DEFAULT 1 NOT NULL,
	`amount` real DEFAULT 0 NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`stripe_price_id` text,
	`use_whatsapp` integer DEFAULT true NOT NULL,
	`use_facebook` integer DEFAULT true NOT NULL,
	`use_instagram` integer DEFAULT true NOT NULL,
	`use_campaigns` integer DEFAULT true NOT NULL,
	`use_schedules` integer DEFAULT true NOT NULL,
	`use_internal_chat` integer DEFAULT true NOT NULL,
	`use_external_api` integer DEFAULT true NOT NULL,
	`use_kanban` integer DEFAULT true NOT NULL,
	`use_open_ai` integer DEFAULT true NOT NULL,
	`use_integrations` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_name_unique` ON `plans` (`name`);--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`voice` text DEFAULT 'texto' NOT NULL,
	`voice_key` text,
	`voice_region` text,
	`max_tokens` integer DEFAULT 100 NOT NULL,
	`temperature` real DEFAULT 1 NOT NULL,
	`api_key` text,
	`queue_id` integer,
	`max_messages` integer DEFAULT 10 NOT NULL,
	`file_name_ia` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prompts_company_name_idx` ON `prompts` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `queue_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`project_name` text,
	`json_content` text,
	`language` text,
	`url_n8n` text,
	`typebot_slug` text,
	`typebot_expires` integer DEFAULT 1 NOT NULL,
	`typebot_delay_message` integer DEFAULT 1000 NOT NULL,
	`typebot_keyword_finish` text,
	`typebot_keyword_restart` text,
	`typebot_restart_message` text,
	`typebot_unknown_message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `queue_integrations_company_name_idx` ON `queue_integrations` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `queues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`order_queue` integer,
	`greeting_message` text,
	`out_of_hours_message` text,
	`schedules` text DEFAULT '[]' NOT NULL,
	`close_ticket` integer DEFAULT false NOT NULL,
	`ativar_roteador` integer DEFAULT false NOT NULL,
	`tempo_roteador` integer DEFAULT 0 NOT NULL,
	`integration_id` integer,
	`file_list_id` integer,
	`prompt_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`file_list_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_color_uq` ON `queues` (`company_id`,`color`);--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_name_uq` ON `queues` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `quick_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`shortcode` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`geral` integer DEFAULT false NOT NULL,
	`visao` integer DEFAULT true NOT NULL,
	`status` text,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quick_messages_company_shortcode_idx` ON `quick_messages` (`company_id`,`shortcode`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invoice_id` integer,
	`descripcion` text DEFAULT '' NOT NULL,
	`comprobante` text,
	`estado` integer DEFAULT 1 NOT NULL,
	`total_price` real DEFAULT 0 NOT NULL,
	`plan_id` integer,
	`plan_name` text,
	`duration` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `receipts_company_created_idx` ON `receipts` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_invoice_idx` ON `receipts` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`body` text NOT NULL,
	`send_at` text NOT NULL,
	`sent_at` text,
	`contact_id` integer NOT NULL,
	`ticket_id` integer,
	`user_id` integer,
	`status` text DEFAULT 'PENDENTE' NOT NULL,
	`open_ticket` text DEFAULT 'disabled' NOT NULL,
	`ticket_user_id` integer,
	`queue_id` integer,
	`status_ticket` text DEFAULT 'closed' NOT NULL,
	`intervalo` integer DEFAULT 1 NOT NULL,
	`valor_intervalo` integer DEFAULT 0 NOT NULL,
	`enviar_quantas_vezes` integer DEFAULT 1 NOT NULL,
	`tipo_dias` integer DEFAULT 4 NOT NULL,
	`contador_envio` integer DEFAULT 0 NOT NULL,
	`assinar` integer DEFAULT false NOT NULL,
	`whatsapp_id` integer,
	`media_path` text,
	`media_name` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`ticket_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `schedules_status_send_at_idx` ON `schedules` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_company_send_at_idx` ON `schedules` (`company_id`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_contact_idx` ON `schedules` (`contact_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`company_id`, `key`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`kanban` integer DEFAULT 0 NOT NULL,
	`time_lane` integer DEFAULT 0 NOT NULL,
	`next_lane_id` integer,
	`rollback_lane_id` integer,
	`greeting_message_lane` text,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`next_lane_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`rollback_lane_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_company_name_kanban_uq` ON `tags` (`company_id`,`name`,`kanban`);--> statement-breakpoint
CREATE TABLE `ticket_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_logs_ticket_created_idx` ON `ticket_logs` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` integer,
	`note` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_notes_ticket_idx` ON `ticket_notes` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_contact_idx` ON `ticket_notes` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_tags` (
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`ticket_id`, `tag_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_idx` ON `ticket_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `ticket_traking` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`queued_at` text,
	`started_at` text,
	`closed_at` text,
	`finished_at` text,
	`rating_at` text,
	`chatbot_at` text,
	`rated` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_traking_company_created_idx` ON `ticket_traking` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_traking_ticket_idx` ON `ticket_traking` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`number` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`contact_id` integer NOT NULL,
	`whatsapp_id` integer,
	`queue_id` integer,
	`user_id` integer,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`last_message` text DEFAULT '' NOT NULL,
	`unread_messages` integer DEFAULT 0 NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`is_bot` integer DEFAULT false NOT NULL,
	`use_integration` integer DEFAULT false NOT NULL,
	`integration_id` integer,
	`prompt_id` integer,
	`is_transfered` integer DEFAULT false NOT NULL,
	`amount` real DEFAULT 0 NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`is_out_of_hour` integer DEFAULT false NOT NULL,
	`amount_used_bot_queues` integer DEFAULT 0 NOT NULL,
	`amount_used_bot_queues_nps` integer DEFAULT 0 NOT NULL,
	`queue_option_id` integer,
	`lgpd_send_message_at` text,
	`lgpd_accepted_at` text,
	`imported` integer DEFAULT false NOT NULL,
	`is_active_demand` integer DEFAULT false NOT NULL,
	`send_inactive_message` integer DEFAULT false NOT NULL,
	`flow_webhook` integer DEFAULT false NOT NULL,
	`last_flow_id` text,
	`flow_stopped` text,
	`hash_flow_id` text,
	`data_webhook` text,
	`typebot_session_id` text,
	`typebot_status` integer DEFAULT false NOT NULL,
	`typebot_session_time` text,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_one_active_uq` ON `tickets` (`company_id`,`contact_id`,`whatsapp_id`) WHERE status in ('open', 'pending', 'group', 'nps', 'lgpd');--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_uuid_uq` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_company_number_uq` ON `tickets` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `tickets_company_status_updated_idx` ON `tickets` (`company_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_queue_status_updated_idx` ON `tickets` (`company_id`,`queue_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_user_status_updated_idx` ON `tickets` (`company_id`,`user_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_contact_whatsapp_idx` ON `tickets` (`company_id`,`contact_id`,`whatsapp_id`,`id`);--> statement-breakpoint
CREATE INDEX `tickets_company_updated_idx` ON `tickets` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_contact_idx` ON `tickets` (`contact_id`);--> statement-breakpoint
CREATE TABLE `user_queues` (
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `queue_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_queues_queue_idx` ON `user_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `user_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`user_id` integer,
	`rate` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_ratings_company_created_idx` ON `user_ratings` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_ratings_ticket_idx` ON `user_ratings` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT 'user' NOT NULL,
	`super` integer DEFAULT false NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`last_seen_at` text,
	`color` text,
	`farewell_message` text,
	`start_work` text DEFAULT '00:00' NOT NULL,
	`end_work` text DEFAULT '23:59' NOT NULL,
	`whatsapp_id` integer,
	`all_ticket` text DEFAULT 'enabled' NOT NULL,
	`allow_group` integer DEFAULT true NOT NULL,
	`default_theme` text DEFAULT 'light' NOT NULL,
	`default_menu` text DEFAULT 'open' NOT NULL,
	`all_historic` text DEFAULT 'enabled' NOT NULL,
	`all_user_chat` text DEFAULT 'enabled' NOT NULL,
	`user_close_pending_ticket` text DEFAULT 'enabled' NOT NULL,
	`show_dashboard` text DEFAULT 'enabled' NOT NULL,
	`allow_real_time` text DEFAULT 'enabled' NOT NULL,
	`allow_connections` text DEFAULT 'enabled' NOT NULL,
	`profile_image` text,
	`default_tickets_manager_width` integer DEFAULT 400 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_name_idx` ON `users` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `wa_auth` (
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`type` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `type`, `key_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `whatsapp_queues` (
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `queue_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_queues_queue_idx` ON `whatsapp_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `whatsapps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`status` text DEFAULT 'DISCONNECTED' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`token` text DEFAULT (lower(hex(randomblob(15)))) NOT NULL,
	`session` text,
	`qrcode` text,
	`retries` integer DEFAULT 0 NOT NULL,
	`provider` text DEFAULT 'beta' NOT NULL,
	`prompt_id` integer,
	`integration_id` integer,
	`flow_id_welcome` integer,
	`flow_id_not_phrase` integer,
	`greeting_message` text,
	`complation_message` text,
	`out_of_hours_message` text,
	`rating_message` text,
	`allow_group` integer DEFAULT false NOT NULL,
	`group_as_ticket` text DEFAULT 'disabled' NOT NULL,
	`max_use_bot_queues` integer DEFAULT 3 NOT NULL,
	`time_use_bot_queues` integer DEFAULT 0 NOT NULL,
	`time_send_queue` integer DEFAULT 0 NOT NULL,
	`send_id_queue` integer,
	`expires_ticket` integer DEFAULT 0 NOT NULL,
	`expires_ticket_nps` integer DEFAULT 0 NOT NULL,
	`when_expires_ticket` integer DEFAULT 0 NOT NULL,
	`expires_inactive_message` text,
	`time_inactive_message` integer DEFAULT 0 NOT NULL,
	`inactive_message` text,
	`max_use_bot_queues_nps` integer DEFAULT 3 NOT NULL,
	`time_create_new_ticket` integer DEFAULT 0 NOT NULL,
	`greeting_media_attachment` text,
	`import_old_messages` text,
	`import_recent_messages` text,
	`import_old_messages_groups` integer DEFAULT false NOT NULL,
	`closed_tickets_post_imported` integer DEFAULT false NOT NULL,
	`queue_id_import_messages` integer,
	`status_import_messages` text,
	`collective_vacation_start` text,
	`collective_vacation_end` text,
	`collective_vacation_message` text,
	`schedules` text DEFAULT '[]' NOT NULL,
	`lgpd_message` text,
	`lgpd_link` text,
	`webhook_url` text,
	`facebook_user_id` text,
	`facebook_page_user_id` text,
	`meta_access_token` text,
	`meta_phone_number_id` text,
	`meta_business_account_id` text,
	`instagram_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flow_id_welcome`) REFERENCES `flow_builders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flow_id_not_phrase`) REFERENCES `flow_builders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`send_id_queue`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id_import_messages`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_company_name_uq` ON `whatsapps` (`company_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_token_uq` ON `whatsapps` (`token`);--> statement-breakpoint
CREATE INDEX `whatsapps_meta_phone_idx` ON `whatsapps` (`meta_phone_number_id`);--> statement-breakpoint
CREATE INDEX `whatsapps_fb_page_idx` ON `whatsapps` (`facebook_page_user_id`);--> statement-breakpoint
CREATE INDEX `whatsapps_ig_user_idx` ON `whatsapps` (`instagram_user_id`);