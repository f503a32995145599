CREATE TABLE "property_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"thumb_name" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"bytes" integer NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_type_id" uuid,
	"name" text NOT NULL,
	"occupancy" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_occupancy_positive" CHECK ("rates"."occupancy" >= 1),
	CONSTRAINT "rates_price_non_negative" CHECK ("rates"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "room_quantity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("account_id","property_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "property_images_one_main_idx" ON "property_images" USING btree ("property_id") WHERE "property_images"."is_main";--> statement-breakpoint
CREATE INDEX "rates_property_idx" ON "rates" USING btree ("account_id","property_id");