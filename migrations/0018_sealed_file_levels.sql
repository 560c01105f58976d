CREATE TABLE `sealed_file_versions` (
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`sha256` text NOT NULL,
	`r2_key` text NOT NULL,
	`bytes` integer NOT NULL,
	`level` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`document_id`, `kind`, `sha256`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sealed_file_versions_sha` ON `sealed_file_versions` (`sha256`);--> statement-breakpoint
ALTER TABLE `sealed_files` ADD `level` text DEFAULT 'B-T' NOT NULL;--> statement-breakpoint
ALTER TABLE `sealed_files` ADD `next_archive_at` text;--> statement-breakpoint
CREATE INDEX `sealed_files_archive` ON `sealed_files` (`next_archive_at`);