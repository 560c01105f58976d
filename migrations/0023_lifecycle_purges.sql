DROP INDEX `webhook_deliveries_created`;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_purge` ON `webhook_deliveries` (`created_at`) WHERE status = 'delivered' AND document_id IS NULL;--> statement-breakpoint
CREATE INDEX `messages_boxed` ON `messages` (`created_at`) WHERE secret_box IS NOT NULL;