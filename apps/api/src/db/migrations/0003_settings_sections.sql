ALTER TABLE "properties" ADD COLUMN "region" text DEFAULT 'ES' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reviews_enabled" boolean DEFAULT false NOT NULL;