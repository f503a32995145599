CREATE TABLE "channel_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid,
	"unit_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"url_sealed" text NOT NULL,
	"url_host" text NOT NULL,
	"export_token_hash" text NOT NULL,
	"export_token_sealed" text NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"failure_notified_at" timestamp with time zone,
	"events_read" integer DEFAULT 0 NOT NULL,
	"last_created" integer DEFAULT 0 NOT NULL,
	"last_updated" integer DEFAULT 0 NOT NULL,
	"last_cancelled" integer DEFAULT 0 NOT NULL,
	"last_conflicts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"etag" text,
	"last_modified" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reservation_code" text,
	"guest_name" text,
	"booking_id" uuid,
	"closed_date_id" uuid,
	"state" text DEFAULT 'active' NOT NULL,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ical_exports" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "booking_slug" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "direct_booking_discount_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "direct_booking_discount_type" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "direct_booking_discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "web_reservation_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "web_reservation_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_calendars" ADD CONSTRAINT "channel_calendars_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_calendars" ADD CONSTRAINT "channel_calendars_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_calendars" ADD CONSTRAINT "channel_calendars_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_calendar_id_channel_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."channel_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_closed_date_id_closed_dates_id_fk" FOREIGN KEY ("closed_date_id") REFERENCES "public"."closed_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_exports" ADD CONSTRAINT "ical_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_exports" ADD CONSTRAINT "ical_exports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_exports" ADD CONSTRAINT "ical_exports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_calendars_account_property_idx" ON "channel_calendars" USING btree ("account_id","property_id");--> statement-breakpoint
CREATE INDEX "channel_calendars_next_sync_idx" ON "channel_calendars" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_calendars_export_token_idx" ON "channel_calendars" USING btree ("export_token_hash");--> statement-breakpoint
CREATE INDEX "channel_events_calendar_idx" ON "channel_events" USING btree ("calendar_id","state","start_date");--> statement-breakpoint
CREATE INDEX "channel_events_booking_idx" ON "channel_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "channel_events_closed_date_idx" ON "channel_events" USING btree ("closed_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ical_exports_token_idx" ON "ical_exports" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_booking_slug_key" UNIQUE("booking_slug");