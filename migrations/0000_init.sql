CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`label` text NOT NULL,
	`mode` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`allowed_ips` text,
	`expires_at` text,
	`revoked_at` text,
	`revoke_reason` text,
	`device_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_tenant` ON `api_keys` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`detail` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_tenant` ON `audit_log` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`verification_code` text NOT NULL,
	`issued_at` text NOT NULL,
	`payload` text NOT NULL,
	`certificate_sha256` text NOT NULL,
	`document_sha256` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_document_id_unique` ON `certificates` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_verification_code_unique` ON `certificates` (`verification_code`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`template_id` text NOT NULL,
	`template_code` text NOT NULL,
	`template_version` integer NOT NULL,
	`template_kind` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`body` text NOT NULL,
	`body_sha256` text NOT NULL,
	`grants` text NOT NULL,
	`consent_text` text,
	`fields` text NOT NULL,
	`sequential` integer DEFAULT false NOT NULL,
	`metadata` text NOT NULL,
	`external_ref` text,
	`subject_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`completed_at` text,
	`voided_at` text,
	`void_reason` text,
	`declined_at` text,
	`expired_at` text,
	`expires_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `documents_list` ON `documents` (`tenant_id`,`mode`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_external_ref` ON `documents` (`tenant_id`,`mode`,`external_ref`);--> statement-breakpoint
CREATE INDEX `documents_expiry` ON `documents` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`occurred_at` text NOT NULL,
	`signer_id` text,
	`signer_email` text,
	`ip` text,
	`user_agent` text,
	`signature_method` text,
	`against_sha256` text NOT NULL,
	`detail` text,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_document_seq` ON `events` (`document_id`,`seq`);--> statement-breakpoint
CREATE TABLE `field_values` (
	`document_id` text NOT NULL,
	`signer_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`about` text,
	`supplied_at` text NOT NULL,
	PRIMARY KEY(`document_id`, `signer_id`, `key`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signer_id`) REFERENCES `signers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`operation` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`state` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`tenant_id`, `mode`, `operation`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_expires` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_tenant_email` ON `members` (`tenant_id`,`email`);--> statement-breakpoint
CREATE TABLE `messages` (
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_document` ON `messages` (`document_id`);--> statement-breakpoint
CREATE INDEX `messages_tenant` ON `messages` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`homepage` text NOT NULL,
	`redirect_uris` text NOT NULL,
	`scopes` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`monthly_agreements` integer,
	`overage_cents` integer
);
--> statement-breakpoint
CREATE TABLE `sealed_files` (
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`sha256` text NOT NULL,
	`bytes` integer NOT NULL,
	`seal` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`document_id`, `kind`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sealed_files_sha` ON `sealed_files` (`sha256`);--> statement-breakpoint
CREATE TABLE `signers` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`sign_order` integer NOT NULL,
	`phone` text,
	`auth` text DEFAULT 'none' NOT NULL,
	`party_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`token_hash` text NOT NULL,
	`token_expires_at` text NOT NULL,
	`viewed_at` text,
	`consented_at` text,
	`consent_version` text,
	`signed_at` text,
	`signature_method` text,
	`signature_value` text,
	`signature_value_sha256` text,
	`signed_against_sha256` text,
	`sign_ip` text,
	`captured` text,
	`declined_at` text,
	`decline_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signers_token_hash_unique` ON `signers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `signers_document` ON `signers` (`document_id`,`sign_order`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`code` text NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`variables` text NOT NULL,
	`grants` text NOT NULL,
	`consent_text` text,
	`fields` text NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `templates_code_version` ON `templates` (`tenant_id`,`mode`,`code`,`version`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`plan` text DEFAULT 'free' NOT NULL,
	`white_label` integer DEFAULT false NOT NULL,
	`spending_limit_cents` integer,
	`require_signer_code` integer DEFAULT false NOT NULL,
	`frame_ancestors` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`plan`) REFERENCES `plans`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_slug_unique` ON `tenants` (`slug`);--> statement-breakpoint
CREATE TABLE `usage` (
	`tenant_id` text NOT NULL,
	`period` text NOT NULL,
	`agreements` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `period`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`response_status` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`delivered_at` text,
	`replay_of` text,
	`document_id` text,
	`document_title` text,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_document` ON `webhook_deliveries` (`document_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`url` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`events` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`paused_at` text,
	`secret_enc` text NOT NULL,
	`previous_secret_enc` text,
	`previous_valid_until` text,
	`last_delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`deleted_at` text,
	`delete_reason` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_tenant` ON `webhook_endpoints` (`tenant_id`,`mode`);