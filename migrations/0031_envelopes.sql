CREATE TABLE `envelope_signer_documents` (
	`envelope_signer_id` text NOT NULL,
	`document_id` text NOT NULL,
	`signer_id` text NOT NULL,
	PRIMARY KEY(`envelope_signer_id`, `document_id`),
	FOREIGN KEY (`envelope_signer_id`) REFERENCES `envelope_signers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signer_id`) REFERENCES `signers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `envelope_signer_documents_signer` ON `envelope_signer_documents` (`signer_id`);--> statement-breakpoint
CREATE TABLE `envelope_signers` (
	`id` text PRIMARY KEY NOT NULL,
	`envelope_id` text NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`sign_order` integer NOT NULL,
	`phone` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`auth` text DEFAULT 'none' NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`envelope_id`) REFERENCES `envelopes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `envelope_signers_token_hash_unique` ON `envelope_signers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `envelope_signers_envelope` ON `envelope_signers` (`envelope_id`,`sign_order`);--> statement-breakpoint
CREATE TABLE `envelopes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`sequential` integer DEFAULT false NOT NULL,
	`expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`completed_at` text,
	`voided_at` text,
	`void_reason` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `envelopes_list` ON `envelopes` (`tenant_id`,`mode`,`created_at`);--> statement-breakpoint
ALTER TABLE `documents` ADD `envelope_id` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `envelope_position` integer;--> statement-breakpoint
CREATE INDEX `documents_envelope` ON `documents` (`envelope_id`,`envelope_position`);