-- A new post's notifications, written after the post's commit (docs/architecture.md, "Notifications").
-- The post's statement (lib/db/post-insert.ts) writes a post_announcements row when anyone may hear
-- of it; the request then calls agora_announce_posts in a statement of its own (lib/db/post-announcements.ts),
-- as does the announce-posts job for a row a dead request left. The function waits for the thread's
-- fan-out turn (a transaction lock), then takes every waiting row of the thread, its own post first:
-- posts written while one fan-out ran are notified of together by the next, and a post whose row an
-- earlier turn took is already notified of (that turn committed before this one began). Statements in
-- a volatile function each see a fresh snapshot, so the rows it takes are those committed up to its turn.
--
-- table (operation)                        | keeps up to date                        | bumps | emits
-- (called: agora_announce_posts)           | notifications, notification_events from | -     | user:<id> notification (notifications.sql)
--                                          | post_announcements (taken: deleted)     |       |
--
-- Lock order: the thread's fan-out turn (pg_advisory_xact_lock(1097297778, thread_id), the class
-- lib/db/notifications.ts's lockThreadNotifications takes too, for deletions) → notifications, persons
-- in user order → live_events.

CREATE FUNCTION "agora_announce_posts"("p_thread_id" INTEGER, "p_post_id" INTEGER) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  "v_taken" INTEGER;
BEGIN
  -- Every commit that NOTIFYs (the notifications' live events do) holds one lock of the whole
  -- database through its WAL flush. This commit need not wait for the flush: should the server
  -- crash before it is on disk, the announcement rows come back with it and the sweep notifies again.
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock(1097297778, "p_thread_id");
  -- For each post taken: the parent's author (reply), the people it mentions (mention), the
  -- authors of the posts it quotes (quote), the thread's followers (post; not those who muted the
  -- thread or its group), one type per person and post by rank, never the author, anyone who
  -- ignores the author (user_ignores) nor anyone banned in the group, nothing for a post or thread
  -- deleted meanwhile. A person's unread row of the thread and type takes the posts' events: count,
  -- latest post and actor.
  WITH "taken" AS (
    DELETE FROM "post_announcements" WHERE "post_id" IN (
      SELECT a."post_id" FROM "post_announcements" a JOIN "posts" p ON p."id" = a."post_id"
      WHERE p."thread_id" = "p_thread_id" ORDER BY a."post_id" = "p_post_id" DESC, a."post_id" LIMIT 500
    ) RETURNING "post_id"
  ), "post" AS (
    SELECT p."id", p."group_id", p."user_id", p."parent_id", p."created_at"
    FROM "posts" p JOIN "taken" ON "taken"."post_id" = p."id" JOIN "threads" t ON t."id" = p."thread_id"
    WHERE p."deleted" = 0 AND t."is_delete" = 0
  ), "recipient" AS (
    SELECT DISTINCT ON (r."post_id", r."user_id") r."post_id", r."user_id", r."type" FROM (
      SELECT "post"."id" AS "post_id", parent."user_id", 'reply' AS "type", 1 AS "rank"
      FROM "post" JOIN "posts" parent ON parent."id" = "post"."parent_id" WHERE parent."deleted" = 0
      UNION ALL SELECT "post"."id", m."user_id", 'mention', 2 FROM "post" JOIN "post_mentions" m ON m."post_id" = "post"."id"
      UNION ALL SELECT "post"."id", q."user_id", 'quote', 3 FROM "post" JOIN "post_quotes" q ON q."post_id" = "post"."id"
      -- Followers who muted the thread or its group hear of new posts no more (contract section 17);
      -- replies, mentions and quotes still reach them.
      UNION ALL SELECT "post"."id", s."user_id", 'post', 4 FROM "post" JOIN "subscriptions" s ON s."thread_id" = "p_thread_id"
      WHERE NOT EXISTS (SELECT 1 FROM "thread_mutes" tm WHERE tm."user_id" = s."user_id" AND tm."thread_id" = "p_thread_id")
        AND NOT EXISTS (SELECT 1 FROM "group_mutes" gm WHERE gm."user_id" = s."user_id" AND gm."group_id" = "post"."group_id")
    ) r JOIN "post" ON "post"."id" = r."post_id"
    WHERE r."user_id" <> "post"."user_id"
      AND NOT EXISTS (SELECT 1 FROM "user_ignores" i WHERE i."user_id" = r."user_id" AND i."ignored_user_id" = "post"."user_id")
      AND NOT EXISTS (SELECT 1 FROM "group_bans" b WHERE b."group_id" = "post"."group_id" AND b."user_id" = r."user_id" AND (b."until" IS NULL OR b."until" > now()))
    ORDER BY r."post_id", r."user_id", r."rank"
  ), "grouped" AS (
    SELECT r."user_id", r."type", count(*)::int AS "n", max("post"."id") AS "post_id",
      (array_agg("post"."user_id" ORDER BY "post"."id" DESC))[1] AS "actor_id", max("post"."created_at") AS "at"
    FROM "recipient" r JOIN "post" ON "post"."id" = r."post_id" GROUP BY r."user_id", r."type"
  ), "notified" AS (
    INSERT INTO "notifications" AS n ("user_id", "type", "thread_id", "post_id", "actor_id", "count", "created_at", "updated_at")
    SELECT g."user_id", g."type", "p_thread_id", g."post_id", g."actor_id", g."n", g."at", g."at" FROM "grouped" g ORDER BY g."user_id", g."type"
    ON CONFLICT ("user_id", "thread_id", "type") WHERE NOT "read" AND "type" <> 'reminder' DO UPDATE SET
      "post_id" = excluded."post_id", "actor_id" = excluded."actor_id",
      "count" = n."count" + excluded."count", "updated_at" = excluded."updated_at"
    RETURNING n."id", n."user_id", n."type"
  ), "events" AS (
    INSERT INTO "notification_events" ("notification_id", "post_id", "actor_id")
    SELECT "notified"."id", "post"."id", "post"."user_id"
    FROM "notified" JOIN "recipient" r ON r."user_id" = "notified"."user_id" AND r."type" = "notified"."type" JOIN "post" ON "post"."id" = r."post_id"
    ORDER BY "notified"."id", "post"."id"
  )
  SELECT count(*)::int INTO "v_taken" FROM "taken";
  RETURN "v_taken";
END $$;
