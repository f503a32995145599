CREATE TABLE "identity_verdicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkin_id" uuid NOT NULL,
	"score" real NOT NULL,
	"match" boolean NOT NULL,
	"reason" text NOT NULL,
	"guest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_verdicts" ADD CONSTRAINT "identity_verdicts_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_verdicts_checkin_idx" ON "identity_verdicts" USING btree ("checkin_id","created_at");