CREATE TABLE `envelope_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`envelope_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`verification_code` text NOT NULL,
	`issued_at` text NOT NULL,
	`payload` text NOT NULL,
	`certificate_sha256` text NOT NULL,
	FOREIGN KEY (`envelope_id`) REFERENCES `envelopes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `envelope_certificates_envelope_id_unique` ON `envelope_certificates` (`envelope_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `envelope_certificates_verification_code_unique` ON `envelope_certificates` (`verification_code`);--> statement-breakpoint
CREATE INDEX `envelope_certificates_issued` ON `envelope_certificates` (`issued_at`);--> statement-breakpoint
CREATE TABLE `envelope_sealed_files` (
	`envelope_id` text PRIMARY KEY NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`sha256` text NOT NULL,
	`bytes` integer NOT NULL,
	`seal` text NOT NULL,
	`level` text DEFAULT 'B-T' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`envelope_id`) REFERENCES `envelopes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `envelope_sealed_files_sha` ON `envelope_sealed_files` (`sha256`);