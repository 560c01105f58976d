CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`name` text NOT NULL,
	`workflow_id` text NOT NULL,
	`code_hash` text,
	`code_expires_at` text NOT NULL,
	`paired_at` text,
	`key_id` text,
	`platform` text,
	`app_version` text,
	`os_version` text,
	`last_seen_at` text,
	`stopped_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_code_hash_unique` ON `devices` (`code_hash`);--> statement-breakpoint
CREATE INDEX `devices_tenant` ON `devices` (`tenant_id`,`mode`,`created_at`);