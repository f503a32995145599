CREATE TABLE "checkin_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkin_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"is_lead" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number_sealed" text NOT NULL,
	"document_last4" text NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"support_number" text NOT NULL,
	"nationality" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"province" text,
	"municipality" text,
	"residence_country" text NOT NULL,
	"payment_method" text,
	"payment_date" date,
	"minors" boolean DEFAULT false NOT NULL,
	"kinship" text,
	"signature" text,
	"registration_pdf" "bytea",
	"process" text NOT NULL,
	"face_score" real,
	"face_match" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"booking_id" uuid,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"expected_guests" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_token_sealed" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"checkin_code" text,
	"schedule" text,
	"scheduled_for" timestamp with time zone,
	"send_channel" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"keys_delivered" boolean DEFAULT false NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"deposit_status" smallint DEFAULT 0 NOT NULL,
	"origin" text DEFAULT 'booking' NOT NULL,
	"purge_after" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid,
	"booking_id" uuid,
	"day" date NOT NULL,
	"hour" text NOT NULL,
	"description" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"rang_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_guests" ADD CONSTRAINT "checkin_guests_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_guests" ADD CONSTRAINT "checkin_guests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_verification_codes" ADD CONSTRAINT "checkin_verification_codes_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_guests_checkin_idx" ON "checkin_guests" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "checkin_guests_account_idx" ON "checkin_guests" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "checkin_codes_checkin_idx" ON "checkin_verification_codes" USING btree ("checkin_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_link_token_idx" ON "checkins" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_booking_idx" ON "checkins" USING btree ("booking_id") WHERE "checkins"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "checkins_account_idx" ON "checkins" USING btree ("account_id","start_date");--> statement-breakpoint
CREATE INDEX "checkins_scheduled_idx" ON "checkins" USING btree ("scheduled_for") WHERE "checkins"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "checkins_purge_idx" ON "checkins" USING btree ("purge_after");--> statement-breakpoint
CREATE INDEX "reminders_account_idx" ON "reminders" USING btree ("account_id","due_at");