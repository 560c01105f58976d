CREATE TABLE `signer_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`signer_id` text NOT NULL,
	`document_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`channel` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`verified_at` text,
	`dead_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`signer_id`) REFERENCES `signers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `signer_codes_signer` ON `signer_codes` (`signer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sms_consents` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`phone` text NOT NULL,
	`phone_as_given` text NOT NULL,
	`obtained_via` text NOT NULL,
	`wording` text NOT NULL,
	`obtained_at` text NOT NULL,
	`recorded_by` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sms_consents_phone` ON `sms_consents` (`tenant_id`,`phone`,`obtained_at`);--> statement-breakpoint
CREATE TABLE `sms_number_events` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`kind` text NOT NULL,
	`sender` text,
	`detail` text,
	`provider_ref` text,
	`occurred_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_number_events_phone` ON `sms_number_events` (`phone`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `sms_numbers` (
	`phone` text PRIMARY KEY NOT NULL,
	`revoked_at` text,
	`revoked_keyword` text,
	`revoked_sender` text,
	`lifted_at` text,
	`suppressed_at` text,
	`suppressed_error` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `signers` ADD `code_verified_at` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `code_verified_via` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `default_country` text;