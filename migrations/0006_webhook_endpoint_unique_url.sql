-- Before the unique index: if an account already has the same URL live twice in one mode, the
-- oldest endpoint stays and the later ones are deleted (their waiting deliveries become dead),
-- as DELETE /v1/webhooks/{id} would do.
UPDATE `webhook_deliveries` SET `status` = 'dead', `next_attempt_at` = NULL, `last_error` = 'endpoint deleted: duplicate URL'
WHERE `status` IN ('queued', 'failed', 'held', 'dropped') AND `endpoint_id` IN (
  SELECT e.id FROM `webhook_endpoints` e WHERE e.deleted_at IS NULL AND EXISTS (
    SELECT 1 FROM `webhook_endpoints` o WHERE o.tenant_id = e.tenant_id AND o.mode = e.mode AND o.url = e.url AND o.deleted_at IS NULL AND o.rowid < e.rowid));--> statement-breakpoint
UPDATE `webhook_endpoints` SET `deleted_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now'), `delete_reason` = 'duplicate URL', `active` = 0
WHERE `deleted_at` IS NULL AND EXISTS (
  SELECT 1 FROM `webhook_endpoints` o WHERE o.tenant_id = `webhook_endpoints`.tenant_id AND o.mode = `webhook_endpoints`.mode
    AND o.url = `webhook_endpoints`.url AND o.deleted_at IS NULL AND o.rowid < `webhook_endpoints`.rowid);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created` ON `webhook_deliveries` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_endpoints_live_url` ON `webhook_endpoints` (`tenant_id`,`mode`,`url`) WHERE deleted_at IS NULL;
