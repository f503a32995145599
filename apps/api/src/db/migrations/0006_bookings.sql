CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"guests" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'manual' NOT NULL,
	"room_type_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"room_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"price" integer NOT NULL,
	"promotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_dates_order" CHECK ("bookings"."end_date" > "bookings"."start_date"),
	CONSTRAINT "bookings_guests_positive" CHECK ("bookings"."guests" >= 1),
	CONSTRAINT "bookings_quantity_positive" CHECK ("bookings"."quantity" >= 1),
	CONSTRAINT "bookings_price_non_negative" CHECK ("bookings"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "closed_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_dates_dates_order" CHECK ("closed_dates"."end_date" > "closed_dates"."start_date")
);
--> statement-breakpoint
CREATE TABLE "night_prices" (
	"unit_key" uuid NOT NULL,
	"night" date NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"price" integer,
	"min_stay" integer DEFAULT 1 NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	CONSTRAINT "night_prices_pkey" PRIMARY KEY("unit_key","night"),
	CONSTRAINT "night_prices_min_stay_positive" CHECK ("night_prices"."min_stay" >= 1),
	CONSTRAINT "night_prices_price_non_negative" CHECK ("night_prices"."price" IS NULL OR "night_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid,
	"type" smallint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"relation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_type_range" CHECK ("notifications"."type" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "unit_nights" (
	"unit_id" uuid NOT NULL,
	"night" date NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid,
	"booking_id" uuid,
	"closed_date_id" uuid,
	CONSTRAINT "unit_nights_pkey" PRIMARY KEY("unit_id","night"),
	CONSTRAINT "unit_nights_one_owner" CHECK (num_nonnulls("unit_nights"."booking_id", "unit_nights"."closed_date_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_prices" ADD CONSTRAINT "night_prices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_prices" ADD CONSTRAINT "night_prices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_nights" ADD CONSTRAINT "unit_nights_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_nights" ADD CONSTRAINT "unit_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_nights" ADD CONSTRAINT "unit_nights_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_nights" ADD CONSTRAINT "unit_nights_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_nights" ADD CONSTRAINT "unit_nights_closed_date_id_closed_dates_id_fk" FOREIGN KEY ("closed_date_id") REFERENCES "public"."closed_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_account_code_idx" ON "bookings" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "bookings_account_start_idx" ON "bookings" USING btree ("account_id","start_date","id");--> statement-breakpoint
CREATE INDEX "bookings_account_created_idx" ON "bookings" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_account_property_start_idx" ON "bookings" USING btree ("account_id","property_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_account_status_idx" ON "bookings" USING btree ("account_id","status","start_date");--> statement-breakpoint
CREATE INDEX "bookings_property_dates_idx" ON "bookings" USING btree ("property_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "closed_dates_account_property_idx" ON "closed_dates" USING btree ("account_id","property_id","start_date");--> statement-breakpoint
CREATE INDEX "night_prices_property_night_idx" ON "night_prices" USING btree ("property_id","night");--> statement-breakpoint
CREATE INDEX "notifications_account_created_idx" ON "notifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "unit_nights_booking_idx" ON "unit_nights" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "unit_nights_closed_date_idx" ON "unit_nights" USING btree ("closed_date_id");--> statement-breakpoint
CREATE INDEX "unit_nights_property_night_idx" ON "unit_nights" USING btree ("property_id","night");