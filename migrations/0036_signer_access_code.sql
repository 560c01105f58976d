ALTER TABLE `signers` ADD `access_code_hash` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `access_code_tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `signers` ADD `access_code_locked_until` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `access_code_passed_at` text;