CREATE TABLE `signer_files` (
	`document_id` text NOT NULL,
	`signer_id` text NOT NULL,
	`key` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`uploaded_at` text NOT NULL,
	PRIMARY KEY(`document_id`, `signer_id`, `key`, `sha256`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signer_id`) REFERENCES `signers`(`id`) ON UPDATE no action ON DELETE no action
);
