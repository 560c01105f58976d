CREATE TABLE `sign_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`business_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`tenant_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_ups_token_hash_unique` ON `sign_ups` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sign_ups_expiry` ON `sign_ups` (`expires_at`);--> statement-breakpoint
-- messages loses its foreign key to tenants: a sign-up's check email is queued before any
-- account exists (tenant_id `sign-up`). No table references messages, so the copy needs no pragma.
CREATE TABLE `__new_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`document_id` text,
	`signer_id` text,
	`channel` text NOT NULL,
	`purpose` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`vars` text DEFAULT '{}' NOT NULL,
	`secret_box` text,
	`provider` text,
	`provider_message_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_messages`("id", "tenant_id", "mode", "document_id", "signer_id", "channel", "purpose", "recipient", "subject", "body", "status", "locale", "vars", "secret_box", "provider", "provider_message_id", "attempts", "last_error", "next_attempt_at", "sent_at", "created_at") SELECT "id", "tenant_id", "mode", "document_id", "signer_id", "channel", "purpose", "recipient", "subject", "body", "status", "locale", "vars", "secret_box", "provider", "provider_message_id", "attempts", "last_error", "next_attempt_at", "sent_at", "created_at" FROM `messages`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
CREATE INDEX `messages_document` ON `messages` (`document_id`);--> statement-breakpoint
CREATE INDEX `messages_tenant` ON `messages` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_due` ON `messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `messages_signer` ON `messages` (`signer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_boxed` ON `messages` (`created_at`) WHERE secret_box IS NOT NULL;