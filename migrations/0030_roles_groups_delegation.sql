ALTER TABLE `documents` ADD `allow_delegation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `signers` ADD `witness_for` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `group_id` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `group_name` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `approval_note` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `delegated_to` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `delegated_at` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `delegation_reason` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `delegated_from` text;