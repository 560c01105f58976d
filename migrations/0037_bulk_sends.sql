CREATE TABLE `bulk_send_rows` (
	`bulk_send_id` text NOT NULL,
	`n` integer NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`phone` text,
	`values` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`document_id` text,
	`error` text,
	`done_at` text,
	PRIMARY KEY(`bulk_send_id`, `n`),
	FOREIGN KEY (`bulk_send_id`) REFERENCES `bulk_sends`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_send_rows_document_id_unique` ON `bulk_send_rows` (`document_id`);--> statement-breakpoint
CREATE INDEX `bulk_send_rows_status` ON `bulk_send_rows` (`bulk_send_id`,`status`,`n`);--> statement-breakpoint
CREATE TABLE `bulk_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`template_code` text,
	`workflow_id` text,
	`state` text DEFAULT 'queued' NOT NULL,
	`total` integer NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bulk_sends_list` ON `bulk_sends` (`tenant_id`,`mode`,`created_at`);--> statement-breakpoint
CREATE INDEX `bulk_sends_unfinished` ON `bulk_sends` (`state`,`created_at`);