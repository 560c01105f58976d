CREATE TABLE `packet_items` (
	`id` text PRIMARY KEY NOT NULL,
	`packet_id` text NOT NULL,
	`workflow_id` text NOT NULL,
	`per` text NOT NULL,
	`slot` text NOT NULL,
	`required` integer NOT NULL,
	`participant_id` text,
	`signer_participant_id` text,
	`status` text DEFAULT 'not_started' NOT NULL,
	`document_id` text,
	`dropped_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`packet_id`) REFERENCES `packets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `packet_items_packet` ON `packet_items` (`packet_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `packet_items_slot` ON `packet_items` (`packet_id`,`workflow_id`,`slot`) WHERE dropped_at IS NULL;--> statement-breakpoint
CREATE INDEX `packet_items_dropped_sent` ON `packet_items` (`dropped_at`) WHERE status = 'sent' AND dropped_at IS NOT NULL;--> statement-breakpoint
CREATE TABLE `packets` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`subject_id` text NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`ready_at` text,
	`required_count` integer DEFAULT 0 NOT NULL,
	`completed_count` integer DEFAULT 0 NOT NULL,
	`blocked_count` integer DEFAULT 0 NOT NULL,
	`not_started_count` integer DEFAULT 0 NOT NULL,
	`changed_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `packets_subject_id_unique` ON `packets` (`subject_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `packets_code` ON `packets` (`tenant_id`,`code`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_id` text NOT NULL,
	`ref` text NOT NULL,
	`position` integer NOT NULL,
	`full_name` text NOT NULL,
	`email` text,
	`phone` text,
	`is_minor` integer DEFAULT false NOT NULL,
	`guardian_ref` text,
	`removed_at` text,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_ref` ON `participants` (`subject_id`,`ref`);--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`kind` text NOT NULL,
	`provider` text DEFAULT '' NOT NULL,
	`external_id` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text,
	`facts` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_key` ON `subjects` (`tenant_id`,`mode`,`provider`,`external_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `packet_item_id` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `on_behalf_of` text;