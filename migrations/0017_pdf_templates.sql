CREATE TABLE `pdf_template_pages` (
	`template_id` text NOT NULL,
	`n` integer NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`drawn_at` text NOT NULL,
	PRIMARY KEY(`template_id`, `n`),
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pdf_template_pages_r2_key` ON `pdf_template_pages` (`r2_key`);--> statement-breakpoint
CREATE TABLE `pdf_templates` (
	`template_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`sha256` text NOT NULL,
	`bytes` integer NOT NULL,
	`original_name` text NOT NULL,
	`uploaded_at` text NOT NULL,
	`page_count` integer NOT NULL,
	`pages` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pdf_templates_r2_key` ON `pdf_templates` (`r2_key`);--> statement-breakpoint
ALTER TABLE `documents` ADD `pdf_sha256` text;