CREATE TABLE "service_funnel_events" (
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"checkin_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_funnel_events_kind_service_id_checkin_id_pk" PRIMARY KEY("kind","service_id","checkin_id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"service_id" uuid,
	"provider_id" uuid,
	"checkin_id" uuid,
	"booking_id" uuid,
	"service_name" text NOT NULL,
	"category" text NOT NULL,
	"client_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"document_type" text DEFAULT '' NOT NULL,
	"document_number" text DEFAULT '' NOT NULL,
	"price_type" text NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"service_date" text,
	"service_time" text,
	"notes" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"guest_payment_id" uuid,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"provider_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid,
	"name" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"provider_id" uuid,
	"confirmation" text NOT NULL,
	"price_type" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upsell_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"checkin_id" uuid NOT NULL,
	"moment" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"failure" text,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upsell_settings" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"moment" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" smallint,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upsell_settings_property_id_moment_pk" PRIMARY KEY("property_id","moment")
);
--> statement-breakpoint
ALTER TABLE "service_funnel_events" ADD CONSTRAINT "service_funnel_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_funnel_events" ADD CONSTRAINT "service_funnel_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_funnel_events" ADD CONSTRAINT "service_funnel_events_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_funnel_events" ADD CONSTRAINT "service_funnel_events_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_guest_payment_id_guest_payments_id_fk" FOREIGN KEY ("guest_payment_id") REFERENCES "public"."guest_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_settings" ADD CONSTRAINT "upsell_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsell_settings" ADD CONSTRAINT "upsell_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_funnel_account_idx" ON "service_funnel_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "service_providers_account_idx" ON "service_providers" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "service_requests_account_idx" ON "service_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_checkin_idx" ON "service_requests" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "service_requests_payment_idx" ON "service_requests" USING btree ("guest_payment_id");--> statement-breakpoint
CREATE INDEX "services_account_idx" ON "services" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "services_property_idx" ON "services" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upsell_offers_once_idx" ON "upsell_offers" USING btree ("checkin_id","moment");--> statement-breakpoint
CREATE INDEX "upsell_offers_account_idx" ON "upsell_offers" USING btree ("account_id","created_at");