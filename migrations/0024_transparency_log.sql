CREATE TABLE `log_heads` (
	`log` text NOT NULL,
	`tree_size` integer NOT NULL,
	`root_hash` text NOT NULL,
	`timestamp` integer NOT NULL,
	`signature` text NOT NULL,
	PRIMARY KEY(`log`, `tree_size`)
);
--> statement-breakpoint
CREATE TABLE `log_leaves` (
	`log` text NOT NULL,
	`leaf_index` integer NOT NULL,
	`certificate_id` text NOT NULL,
	`leaf` text NOT NULL,
	`leaf_hash` text NOT NULL,
	PRIMARY KEY(`log`, `leaf_index`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `log_leaves_certificate` ON `log_leaves` (`certificate_id`);--> statement-breakpoint
CREATE INDEX `log_leaves_hash` ON `log_leaves` (`log`,`leaf_hash`);--> statement-breakpoint
CREATE TABLE `log_nodes` (
	`log` text NOT NULL,
	`level` integer NOT NULL,
	`idx` integer NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`log`, `level`, `idx`)
);
--> statement-breakpoint
CREATE INDEX `certificates_issued` ON `certificates` (`issued_at`);