ALTER TABLE `documents` ADD `remind_after_days` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `vars` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `secret_box` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `provider_message_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `sent_at` text;--> statement-breakpoint
CREATE INDEX `messages_due` ON `messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `messages_signer` ON `messages` (`signer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `signers` ADD `locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `reply_to` text;