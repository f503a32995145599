CREATE TABLE "bot_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"checkin_id" uuid,
	"phone_number" text NOT NULL,
	"guest_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"has_new_message" boolean DEFAULT false NOT NULL,
	"pending_offer" jsonb,
	"paused_at" timestamp with time zone,
	"paused_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"inbox_message_id" uuid,
	"outcome" text,
	"source" text,
	"action" text,
	"rule" text,
	"engine" text,
	"confidence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"question" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"image_file" text,
	"status" text DEFAULT 'answered' NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"asked_key" text,
	"asked_count" integer DEFAULT 0 NOT NULL,
	"last_asked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"allowed_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wifi_name" text DEFAULT '' NOT NULL,
	"wifi_password" text DEFAULT '' NOT NULL,
	"share_wifi" boolean DEFAULT false NOT NULL,
	"access_instructions" jsonb DEFAULT '{"es":"","en":"","ar":""}'::jsonb NOT NULL,
	"share_access" boolean DEFAULT false NOT NULL,
	"late_checkout_until" text DEFAULT '13:00' NOT NULL,
	"late_checkout_price" integer DEFAULT 0 NOT NULL,
	"early_checkin_from" text DEFAULT '12:00' NOT NULL,
	"early_checkin_price" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_paused_by_user_id_users_id_fk" FOREIGN KEY ("paused_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_chat_id_bot_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."bot_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_inbox_message_id_inbox_messages_id_fk" FOREIGN KEY ("inbox_message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_questions" ADD CONSTRAINT "bot_questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_questions" ADD CONSTRAINT "bot_questions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_settings" ADD CONSTRAINT "bot_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_settings" ADD CONSTRAINT "bot_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_chats_thread_idx" ON "bot_chats" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "bot_chats_property_idx" ON "bot_chats" USING btree ("property_id","last_message_at");--> statement-breakpoint
CREATE INDEX "bot_messages_chat_idx" ON "bot_messages" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_questions_property_idx" ON "bot_questions" USING btree ("property_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_questions_asked_idx" ON "bot_questions" USING btree ("property_id","asked_key") WHERE "bot_questions"."asked_key" is not null;