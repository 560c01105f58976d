ALTER TABLE `tenants` ADD `public_form_daily_cap` integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `turnstile_site_key` text;