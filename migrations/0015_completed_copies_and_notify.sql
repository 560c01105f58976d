ALTER TABLE `documents` ADD `notify` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `signers` ADD `copy_token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `signers_copy_token_hash_unique` ON `signers` (`copy_token_hash`);