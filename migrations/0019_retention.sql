ALTER TABLE `certificates` ADD `redacted_at` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `redacted_at` text;--> statement-breakpoint
CREATE INDEX `documents_retention` ON `documents` (`tenant_id`,`status`,`redacted_at`);--> statement-breakpoint
ALTER TABLE `tenants` ADD `retention_completed_days` integer;--> statement-breakpoint
ALTER TABLE `tenants` ADD `retention_ended_days` integer;--> statement-breakpoint
ALTER TABLE `tenants` ADD `retention_minimum_days` integer DEFAULT 0 NOT NULL;