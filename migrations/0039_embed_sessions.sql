CREATE TABLE `embed_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`mode` text NOT NULL,
	`key_id` text NOT NULL,
	`key_label` text NOT NULL,
	`purpose` text NOT NULL,
	`template_id` text,
	`template_code` text,
	`document_id` text,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`opened_at` text,
	`session_hash` text,
	`session_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `embed_sessions_token_hash_unique` ON `embed_sessions` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `embed_sessions_session_hash_unique` ON `embed_sessions` (`session_hash`);--> statement-breakpoint
CREATE INDEX `embed_sessions_expiry` ON `embed_sessions` (`expires_at`);