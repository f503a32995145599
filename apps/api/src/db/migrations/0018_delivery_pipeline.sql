CREATE TABLE "delivery_preferences" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channels" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_preferences_property_id_kind_pk" PRIMARY KEY("property_id","kind")
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"previous_id" uuid,
	"property_id" uuid,
	"booking_id" uuid,
	"checkin_id" uuid,
	"thread_id" uuid,
	"inbox_message_id" uuid,
	"kind" text NOT NULL,
	"ref" text,
	"audience" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"content" jsonb NOT NULL,
	"link" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"error_code" text,
	"error_detail" text,
	"next_channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"pricing" text,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messaging_opt_outs" (
	"channel" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_opt_outs_channel_sender_address_scope_pk" PRIMARY KEY("channel","sender","address","scope")
);
--> statement-breakpoint
CREATE TABLE "inbox_unrouted" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"phone" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"raw" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	"assigned_account_id" uuid,
	"assigned_thread_id" uuid,
	"assigned_by_user_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "parameter_format" text DEFAULT 'POSITIONAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD CONSTRAINT "delivery_preferences_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD CONSTRAINT "delivery_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_previous_id_message_deliveries_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."message_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_inbox_message_id_inbox_messages_id_fk" FOREIGN KEY ("inbox_message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_unrouted" ADD CONSTRAINT "inbox_unrouted_assigned_account_id_accounts_id_fk" FOREIGN KEY ("assigned_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_unrouted" ADD CONSTRAINT "inbox_unrouted_assigned_thread_id_inbox_threads_id_fk" FOREIGN KEY ("assigned_thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_unrouted" ADD CONSTRAINT "inbox_unrouted_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_provider_idx" ON "message_deliveries" USING btree ("channel","provider_id") WHERE "message_deliveries"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "message_deliveries_booking_idx" ON "message_deliveries" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_checkin_idx" ON "message_deliveries" USING btree ("checkin_id","created_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_message_idx" ON "message_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_ref_idx" ON "message_deliveries" USING btree ("account_id","ref") WHERE "message_deliveries"."ref" is not null;--> statement-breakpoint
CREATE INDEX "message_deliveries_health_idx" ON "message_deliveries" USING btree ("account_id","property_id","channel","updated_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_due_idx" ON "message_deliveries" USING btree ("next_attempt_at") WHERE "message_deliveries"."status" = 'queued' and "message_deliveries"."next_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_unrouted_external_idx" ON "inbox_unrouted" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX "inbox_unrouted_recent_idx" ON "inbox_unrouted" USING btree ("received_at");