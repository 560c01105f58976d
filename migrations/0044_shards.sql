CREATE TABLE `account_shards` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`moving_to` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_shards_shard` ON `account_shards` (`shard`);--> statement-breakpoint
CREATE TABLE `directory_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `directory_keys_tenant` ON `directory_keys` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `moved_accounts` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`moved_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
-- The trail stays append-only, except for an account that moved to another shard: its rows here
-- are the copy the move left behind, deleted once the new shard holds them (docs/scale.md).
DROP TRIGGER `events_no_delete`;--> statement-breakpoint
CREATE TRIGGER `events_no_delete` BEFORE DELETE ON `events`
WHEN NOT EXISTS (SELECT 1 FROM `moved_accounts` WHERE `tenant_id` = OLD.`tenant_id`)
BEGIN
  SELECT RAISE(ABORT, 'the document trail is append-only');
END;
