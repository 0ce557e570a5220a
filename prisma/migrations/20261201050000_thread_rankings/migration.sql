-- The top and hot feeds' orders (contract section 17), kept per thread so a feed page walks an
-- index instead of summing a window of thread_activity: prisma/derived/thread-rankings.sql keeps a
-- row whenever the thread's activity moves, and the refresh-thread-rankings job moves the windows
-- on when a UTC day ends (`as_of` is the day the sums were made for).
CREATE TABLE "thread_rankings" (
    "thread_id" INTEGER NOT NULL,
    "as_of" DATE NOT NULL,
    "last_activity_at" TIMESTAMPTZ(6) NOT NULL,
    "day_score" INTEGER NOT NULL,
    "week_score" INTEGER NOT NULL,
    "month_score" INTEGER NOT NULL,
    "year_score" INTEGER NOT NULL,
    -- log10 of the week's score plus the thread's creation time in units of 12.5 hours: a tenfold
    -- busier thread ranks with one 12.5 hours younger, and an order that time alone never changes.
    "hot" DOUBLE PRECISION,

    CONSTRAINT "thread_rankings_pkey" PRIMARY KEY ("thread_id")
);
ALTER TABLE "thread_rankings" ADD CONSTRAINT "thread_rankings_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "thread_rankings_day_idx" ON "thread_rankings"("day_score" DESC, "last_activity_at" DESC, "thread_id" DESC) WHERE "day_score" > 0;
CREATE INDEX "thread_rankings_week_idx" ON "thread_rankings"("week_score" DESC, "last_activity_at" DESC, "thread_id" DESC) WHERE "week_score" > 0;
CREATE INDEX "thread_rankings_month_idx" ON "thread_rankings"("month_score" DESC, "last_activity_at" DESC, "thread_id" DESC) WHERE "month_score" > 0;
CREATE INDEX "thread_rankings_year_idx" ON "thread_rankings"("year_score" DESC, "last_activity_at" DESC, "thread_id" DESC) WHERE "year_score" > 0;
CREATE INDEX "thread_rankings_hot_idx" ON "thread_rankings"("hot" DESC, "last_activity_at" DESC, "thread_id" DESC) WHERE "hot" IS NOT NULL;
CREATE INDEX "thread_rankings_as_of_idx" ON "thread_rankings"("as_of");

-- Existing threads' rankings (the same sums as agora_rank_threads, written out: the derived
-- folder is applied after the migrations).
INSERT INTO "thread_rankings" ("thread_id", "as_of", "last_activity_at", "day_score", "week_score", "month_score", "year_score", "hot")
SELECT s."thread_id", s."today", s."last_activity_at", s."day_score", s."week_score", s."month_score", s."year_score",
    CASE WHEN s."week_score" > 0 THEN log(s."week_score"::float8) + extract(epoch FROM s."created_at") / 45000 END
FROM (
    SELECT t."id" AS "thread_id", d."today", t."last_activity_at", t."created_at",
        COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today"), 0)::int AS "day_score",
        COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today" - 6), 0)::int AS "week_score",
        COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today" - 29), 0)::int AS "month_score",
        COALESCE(sum(a."score"), 0)::int AS "year_score"
    FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS "today") d
    JOIN "thread_activity" a ON a."day" >= d."today" - 364
    JOIN "threads" t ON t."id" = a."thread_id"
    GROUP BY t."id", d."today"
) s
WHERE s."day_score" > 0 OR s."week_score" > 0 OR s."month_score" > 0 OR s."year_score" > 0;
