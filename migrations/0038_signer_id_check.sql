CREATE TABLE `identity_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`tenant_id` text NOT NULL,
	`signer_id` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_session` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_passed_at` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_verified_name` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_document_type` text;--> statement-breakpoint
ALTER TABLE `signers` ADD `id_check_country` text;