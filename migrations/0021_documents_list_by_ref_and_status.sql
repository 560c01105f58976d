DROP INDEX `documents_external_ref`;--> statement-breakpoint
CREATE INDEX `documents_status_list` ON `documents` (`tenant_id`,`mode`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_external_ref` ON `documents` (`tenant_id`,`mode`,`external_ref`,`created_at`);