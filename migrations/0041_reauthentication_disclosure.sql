ALTER TABLE `tenants` ADD `part11` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `consumer_disclosure` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `reasons` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `documents` ADD `reauthenticate` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `signers` ADD `sign_reason` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `reauthenticated_at` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `disclosure_accepted_at` text;--> statement-breakpoint
ALTER TABLE `templates` ADD `reasons` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `workflows` ADD `reauthenticate` integer DEFAULT false NOT NULL;