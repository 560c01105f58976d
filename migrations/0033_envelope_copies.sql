ALTER TABLE `envelope_signers` ADD `copy_token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `envelope_signers_copy_token_hash_unique` ON `envelope_signers` (`copy_token_hash`);--> statement-breakpoint
ALTER TABLE `envelopes` ADD `notify` integer DEFAULT false NOT NULL;