-- The guest list's search: how many guests a term matches decides between walking the site's guests newest
-- first (a common surname) and reading the trigram index's matches then sorting them (an email). With the
-- default 100 histogram entries of the search text, a surname 2.5 % of guests share was estimated at 100 rows
-- or at 30,000 depending on the sample, and its page took the slow plan in some runs; 1,000 entries make it
-- steady. ANALYZE then samples 300,000 rows of guests instead of 30,000 (seconds; it blocks no writes).
ALTER INDEX "guests_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "guests";
