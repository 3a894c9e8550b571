CREATE TABLE "guest_seen_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"guests" integer NOT NULL,
	CONSTRAINT "guest_seen_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
ALTER TABLE "guest_seen_days" ADD CONSTRAINT "guest_seen_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement-level triggers (one set-based pass per statement: a portal login, an erasure, a bulk load
-- and a cascade from a deleted site all keep it right). A deleted site's rows go with it (cascade): only sites
-- still there are counted. Deltas go in (site, day) order so concurrent statements lock rows alike.
CREATE FUNCTION guest_seen_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO guest_seen_days AS d (site_id, day, guests)
    SELECT n.site_id, (n.last_seen_at AT TIME ZONE 'UTC')::date, count(*)
    FROM new_rows n JOIN sites s ON s.id = n.site_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (site_id, day) DO UPDATE SET guests = d.guests + excluded.guests;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO guest_seen_days AS d (site_id, day, guests)
    SELECT o.site_id, (o.last_seen_at AT TIME ZONE 'UTC')::date, -count(*)
    FROM old_rows o JOIN sites s ON s.id = o.site_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (site_id, day) DO UPDATE SET guests = d.guests + excluded.guests;
  ELSE
    INSERT INTO guest_seen_days AS d (site_id, day, guests)
    SELECT c.site_id, c.day, sum(c.sign)
    FROM (
      SELECT o.site_id, (o.last_seen_at AT TIME ZONE 'UTC')::date AS day, -1 AS sign
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.site_id, o.last_seen_at) IS DISTINCT FROM (n.site_id, n.last_seen_at)
      UNION ALL
      SELECT n.site_id, (n.last_seen_at AT TIME ZONE 'UTC')::date, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.site_id, o.last_seen_at) IS DISTINCT FROM (n.site_id, n.last_seen_at)
    ) c
    JOIN sites s ON s.id = c.site_id
    GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (site_id, day) DO UPDATE SET guests = d.guests + excluded.guests;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guest_seen_days_inserted AFTER INSERT ON guests
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION guest_seen_days_changed();
--> statement-breakpoint
CREATE TRIGGER guest_seen_days_updated AFTER UPDATE ON guests
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION guest_seen_days_changed();
--> statement-breakpoint
CREATE TRIGGER guest_seen_days_deleted AFTER DELETE ON guests
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION guest_seen_days_changed();
--> statement-breakpoint
-- The guests already there (the triggers keep them from here on; same transaction, so nothing is missed).
INSERT INTO guest_seen_days (site_id, day, guests)
SELECT site_id, (last_seen_at AT TIME ZONE 'UTC')::date, count(*) FROM guests GROUP BY 1, 2;
