CREATE TABLE "police_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sequence" integer NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"registration_count" integer NOT NULL,
	"uploaded_at" timestamp with time zone,
	"receipt_number" text,
	"last_reminder_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "police_registration_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "police_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"checkin_id" uuid,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"reference" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"not_before" timestamp with time zone,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"batch_code" text,
	"communication_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receipt_number" text,
	"police_file_id" uuid,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"purge_after" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_code_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"checkin_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"booking_id" uuid,
	"checkin_id" uuid,
	"lock_assignment_id" uuid,
	"vendor" text NOT NULL,
	"remote_lock_id" text NOT NULL,
	"remote_code_id" text,
	"code_sealed" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"not_before" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"label" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid,
	"lock_account_id" uuid NOT NULL,
	"remote_lock_id" text NOT NULL,
	"lock_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "smart_lock_requires_registration" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "checkin_time" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "checkout_time" text DEFAULT '11:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "send_mode" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "certificate_sealed" text;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "certificate_password_sealed" text;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "certificate_subject" text;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "certificate_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "failed_test_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "last_test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_authorities" ADD COLUMN "last_test_ok" boolean;--> statement-breakpoint
ALTER TABLE "police_files" ADD CONSTRAINT "police_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_files" ADD CONSTRAINT "police_files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registration_attempts" ADD CONSTRAINT "police_registration_attempts_registration_id_police_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."police_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registration_attempts" ADD CONSTRAINT "police_registration_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registrations" ADD CONSTRAINT "police_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registrations" ADD CONSTRAINT "police_registrations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registrations" ADD CONSTRAINT "police_registrations_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_registrations" ADD CONSTRAINT "police_registrations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_releases" ADD CONSTRAINT "access_code_releases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_releases" ADD CONSTRAINT "access_code_releases_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_releases" ADD CONSTRAINT "access_code_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_lock_assignment_id_lock_assignments_id_fk" FOREIGN KEY ("lock_assignment_id") REFERENCES "public"."lock_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_accounts" ADD CONSTRAINT "lock_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_assignments" ADD CONSTRAINT "lock_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_assignments" ADD CONSTRAINT "lock_assignments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_assignments" ADD CONSTRAINT "lock_assignments_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_assignments" ADD CONSTRAINT "lock_assignments_lock_account_id_lock_accounts_id_fk" FOREIGN KEY ("lock_account_id") REFERENCES "public"."lock_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "police_files_property_idx" ON "police_files" USING btree ("property_id","day");--> statement-breakpoint
CREATE INDEX "police_registration_attempts_registration_idx" ON "police_registration_attempts" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "police_registrations_idempotency_idx" ON "police_registrations" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "police_registrations_account_idx" ON "police_registrations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "police_registrations_checkin_idx" ON "police_registrations" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "police_registrations_booking_idx" ON "police_registrations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "police_registrations_due_idx" ON "police_registrations" USING btree ("next_attempt_at") WHERE "police_registrations"."state" in ('queued', 'sending', 'sent', 'cancelling');--> statement-breakpoint
CREATE INDEX "access_code_releases_checkin_idx" ON "access_code_releases" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "access_codes_booking_idx" ON "access_codes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "access_codes_checkin_idx" ON "access_codes" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "access_codes_due_idx" ON "access_codes" USING btree ("next_attempt_at") WHERE "access_codes"."state" in ('requested', 'update_requested', 'revoke_requested');--> statement-breakpoint
CREATE UNIQUE INDEX "lock_accounts_vendor_idx" ON "lock_accounts" USING btree ("account_id","vendor");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_assignments_property_idx" ON "lock_assignments" USING btree ("property_id") WHERE "lock_assignments"."room_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lock_assignments_room_idx" ON "lock_assignments" USING btree ("room_id") WHERE "lock_assignments"."room_id" is not null;