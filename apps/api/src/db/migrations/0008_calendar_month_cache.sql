CREATE TABLE "calendar_nights_cache" (
	"unit_key" uuid NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"nights" text,
	CONSTRAINT "calendar_nights_cache_pkey" PRIMARY KEY("unit_key","month")
);
--> statement-breakpoint
CREATE TABLE "calendar_stays_cache" (
	"unit_id" uuid NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"stays" text,
	CONSTRAINT "calendar_stays_cache_pkey" PRIMARY KEY("unit_id","month")
);
--> statement-breakpoint
ALTER TABLE "calendar_nights_cache" ADD CONSTRAINT "calendar_nights_cache_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_stays_cache" ADD CONSTRAINT "calendar_stays_cache_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The month cache's triggers (schema/calendar-cache.ts): a write to bookings or night_prices marks the
-- months it touches stale in the same transaction, old and new rows alike. Statement-level with transition
-- tables, so that a bulk import marks each month once. Keys are sorted so concurrent writers lock them in
-- the same order. Rows of an account being deleted are skipped (its cache goes with it).
CREATE FUNCTION "calendar_stays_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "calendar_stays_cache" AS c ("unit_id", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.start_date)::date, r.account_id, 1
    FROM new_rows r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.property_id] || r.room_ids) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_id", "month") DO UPDATE SET "generation" = c.generation + 1, "stays" = NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "calendar_stays_cache" AS c ("unit_id", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.start_date)::date, r.account_id, 1
    FROM old_rows r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.property_id] || r.room_ids) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_id", "month") DO UPDATE SET "generation" = c.generation + 1, "stays" = NULL;
  ELSE
    INSERT INTO "calendar_stays_cache" AS c ("unit_id", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.start_date)::date, r.account_id, 1
    FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.property_id] || r.room_ids) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_id", "month") DO UPDATE SET "generation" = c.generation + 1, "stays" = NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_calendar_stale_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_stays_stale"();
--> statement-breakpoint
CREATE TRIGGER "bookings_calendar_stale_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_stays_stale"();
--> statement-breakpoint
CREATE TRIGGER "bookings_calendar_stale_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_stays_stale"();
--> statement-breakpoint
CREATE FUNCTION "calendar_nights_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "calendar_nights_cache" AS c ("unit_key", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.night)::date, r.account_id, 1
    FROM new_rows r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.unit_key]) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_key", "month") DO UPDATE SET "generation" = c.generation + 1, "nights" = NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "calendar_nights_cache" AS c ("unit_key", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.night)::date, r.account_id, 1
    FROM old_rows r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.unit_key]) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_key", "month") DO UPDATE SET "generation" = c.generation + 1, "nights" = NULL;
  ELSE
    INSERT INTO "calendar_nights_cache" AS c ("unit_key", "month", "account_id", "generation")
    SELECT DISTINCT u.key, date_trunc('month', r.night)::date, r.account_id, 1
    FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r JOIN "accounts" a ON a.id = r.account_id
    CROSS JOIN LATERAL unnest(array[r.unit_key]) AS u(key)
    ORDER BY 1, 2
    ON CONFLICT ("unit_key", "month") DO UPDATE SET "generation" = c.generation + 1, "nights" = NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "night_prices_calendar_stale_insert" AFTER INSERT ON "night_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_nights_stale"();
--> statement-breakpoint
CREATE TRIGGER "night_prices_calendar_stale_update" AFTER UPDATE ON "night_prices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_nights_stale"();
--> statement-breakpoint
CREATE TRIGGER "night_prices_calendar_stale_delete" AFTER DELETE ON "night_prices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_nights_stale"();
