ALTER TABLE `pdf_templates` ADD `covers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_templates` ADD `form_fields` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_templates` ADD `not_read` text DEFAULT '[]' NOT NULL;