-- The top and hot feeds' orders (contract section 17; table thread_rankings, migration
-- 20261201050000_thread_rankings): a thread's posts plus likes over the UTC day, week (7 days),
-- month (30) and year (365) ending today, and its hot rank, summed from thread_activity whenever
-- that moves, so a feed page walks one index whatever the site's size.
--
-- table (operation)                              | keeps up to date                              | bumps | emits
-- thread_activity (insert/update/delete)          | thread_rankings of its threads                | -     | -
-- (none: called by lib/db/thread-rankings.ts)     | the rows of past days (the windows move on)   | -     | -
--
-- Lock order: threads → thread_activity → thread_rankings. Every writer of thread_activity has
-- locked the thread's row first (create post, likes), so a thread's sums are made by one writer at
-- a time; the day's refresh takes rankings alone and only rows still dated before today, so a row a
-- writer already moved on is left as it is.

-- Sums a thread's windows from its activity and its hot rank: log10 of the week's score plus its
-- creation time in units of 12.5 hours (Reddit's "hot"), so a young thread outranks an old one with
-- the same activity and time alone never reorders two threads. A thread with nothing in the last
-- year has no row. With p_past_only, only rows dated before today change (the day's refresh: a row
-- a writer moved meanwhile is rechecked under its lock and left as the writer made it).
-- PL/pgSQL keeps the statement's plan for the session (a SQL function plans it on every call), and
-- the generic one from the first call: a custom plan per call would cost more than the statement.
CREATE FUNCTION "agora_rank_threads"("p_ids" INTEGER[], "p_past_only" BOOLEAN) RETURNS void LANGUAGE plpgsql
  SET "plan_cache_mode" = 'force_generic_plan' AS $$
BEGIN
  WITH "sums" AS (
    SELECT t."id" AS "thread_id", d."today", t."last_activity_at", t."created_at",
      COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today"), 0)::int AS "day_score",
      COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today" - 6), 0)::int AS "week_score",
      COALESCE(sum(a."score") FILTER (WHERE a."day" >= d."today" - 29), 0)::int AS "month_score",
      COALESCE(sum(a."score"), 0)::int AS "year_score"
    FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS "today") d
    JOIN "threads" t ON t."id" = ANY("p_ids")
    LEFT JOIN "thread_activity" a ON a."thread_id" = t."id" AND a."day" >= d."today" - 364
    GROUP BY t."id", d."today"
  ), "idle" AS (
    DELETE FROM "thread_rankings" r USING "sums" s
    WHERE r."thread_id" = s."thread_id" AND (NOT "p_past_only" OR r."as_of" < s."today") AND s."day_score" <= 0 AND s."week_score" <= 0 AND s."month_score" <= 0 AND s."year_score" <= 0
  )
  INSERT INTO "thread_rankings" AS r ("thread_id", "as_of", "last_activity_at", "day_score", "week_score", "month_score", "year_score", "hot")
  SELECT s."thread_id", s."today", s."last_activity_at", s."day_score", s."week_score", s."month_score", s."year_score",
    CASE WHEN s."week_score" > 0 THEN log(s."week_score"::float8) + extract(epoch FROM s."created_at") / 45000 END
  FROM "sums" s
  WHERE s."day_score" > 0 OR s."week_score" > 0 OR s."month_score" > 0 OR s."year_score" > 0
  ORDER BY s."thread_id"
  ON CONFLICT ("thread_id") DO UPDATE SET "as_of" = excluded."as_of", "last_activity_at" = excluded."last_activity_at",
    "day_score" = excluded."day_score", "week_score" = excluded."week_score", "month_score" = excluded."month_score",
    "year_score" = excluded."year_score", "hot" = excluded."hot"
  WHERE NOT "p_past_only" OR r."as_of" < excluded."as_of";
END $$;

-- Once per statement over the threads it touched (create post and a like write one day's row; a
-- bulk load many).
CREATE FUNCTION "agora_rank_activity_threads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agora_rank_threads"(ARRAY(SELECT DISTINCT "thread_id" FROM "new_rows"), false);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "agora_rank_threads"(ARRAY(SELECT "thread_id" FROM "new_rows" UNION SELECT "thread_id" FROM "old_rows"), false);
  ELSE
    PERFORM "agora_rank_threads"(ARRAY(SELECT DISTINCT "thread_id" FROM "old_rows"), false);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "thread_activity_rank_ins" AFTER INSERT ON "thread_activity"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_rank_activity_threads"();
CREATE TRIGGER "thread_activity_rank_upd" AFTER UPDATE ON "thread_activity"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_rank_activity_threads"();
CREATE TRIGGER "thread_activity_rank_del" AFTER DELETE ON "thread_activity"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_rank_activity_threads"();

-- Moves on the rows made before today, at most p_limit of them (the job calls it until none is
-- left): answers how many it moved. A row a writer moves meanwhile is dated today and left out.
CREATE FUNCTION "agora_refresh_thread_rankings"("p_limit" INTEGER) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "v_ids" INTEGER[];
BEGIN
  SELECT array_agg("thread_id") INTO "v_ids" FROM (
    SELECT "thread_id" FROM "thread_rankings" WHERE "as_of" < (now() AT TIME ZONE 'UTC')::date LIMIT "p_limit"
  ) s;
  IF "v_ids" IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM "agora_rank_threads"("v_ids", true);
  RETURN cardinality("v_ids");
END $$;
