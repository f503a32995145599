ALTER TABLE "police_registrations" ADD COLUMN "expected_guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "police_registrations" ADD COLUMN "sent_incomplete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "traveller_reminders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "travellers_reminded_at" timestamp with time zone;--> statement-breakpoint
-- Registrations made before issue 27 went out with the travellers they had.
UPDATE "police_registrations" SET "expected_guests" = "guest_count";
