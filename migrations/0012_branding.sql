CREATE TABLE `brandings` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`business_name` text NOT NULL,
	`primary_color` text NOT NULL,
	`accent_color` text NOT NULL,
	`background_color` text NOT NULL,
	`text_color` text NOT NULL,
	`button_text_color` text NOT NULL,
	`footer_text` text DEFAULT '' NOT NULL,
	`signing_host` text,
	`logo_updated_at` text,
	`logo_dark_updated_at` text,
	`opening_updated_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brandings_signing_host_unique` ON `brandings` (`signing_host`);