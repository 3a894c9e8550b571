-- The latest guests tile: each site's newest last visits of a period, read backwards in the tile's order
-- (day, last_login_at) with every column it needs, instead of sorting a whole day's rows per site.
CREATE INDEX "analytics_guest_days_site_latest_idx" ON "analytics_guest_days" USING btree ("site_id","day","last_login_at","next_day","visit_number","guest_id");