CREATE TABLE "property_authorities" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"username" text NOT NULL,
	"password_ciphertext" text NOT NULL,
	"establishment_code" text NOT NULL,
	"landlord_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "smart_lock_delivery_time" text DEFAULT 'checkin_completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "smart_lock_key_type" text DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "smart_lock_master_code" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "store_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "store_type" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "store_external_message" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "store_external_url" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "checkin_schedule" text DEFAULT '24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD CONSTRAINT "property_authorities_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD CONSTRAINT "property_authorities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;