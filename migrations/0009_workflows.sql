CREATE TABLE `workflows` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`template_code` text NOT NULL,
	`signer_roles` text NOT NULL,
	`sequential` integer DEFAULT false NOT NULL,
	`countersign` integer DEFAULT false NOT NULL,
	`expires_days` integer DEFAULT 30 NOT NULL,
	`remind_after_days` integer DEFAULT 0 NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`public_slug` text,
	`intro` text DEFAULT '' NOT NULL,
	`form_fields` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`packet` text,
	`drafted_by_run` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workflows_public_slug_unique` ON `workflows` (`public_slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `workflows_code` ON `workflows` (`tenant_id`,`mode`,`code`);--> statement-breakpoint
ALTER TABLE `documents` ADD `workflow_id` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `device_id` text;--> statement-breakpoint
CREATE INDEX `documents_workflow` ON `documents` (`workflow_id`,`status`);