ALTER TABLE `tags` ADD `kanban_order` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `tags` SET `kanban_order` = 1 + (SELECT count(*) FROM `tags` AS `o` WHERE `o`.`company_id` = `tags`.`company_id` AND `o`.`kanban` = 1 AND (`o`.`name` < `tags`.`name` OR (`o`.`name` = `tags`.`name` AND `o`.`id` < `tags`.`id`))) WHERE `kanban` = 1;
