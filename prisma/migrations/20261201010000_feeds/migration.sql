-- Feeds and read state (contract section 17): mutes, per-day activity for top and hot, and the
-- indexes every feed page walks, so a page costs the same whatever the site's size.

-- A person's muted threads: they leave that person's feeds and send them no `post` notifications.
CREATE TABLE "thread_mutes" (
    "user_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_mutes_pkey" PRIMARY KEY ("user_id", "thread_id")
);
CREATE INDEX "thread_mutes_thread_id_idx" ON "thread_mutes"("thread_id");
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's muted groups: their threads appear in that person's feeds only when group_id names the group.
CREATE TABLE "group_mutes" (
    "user_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_mutes_pkey" PRIMARY KEY ("user_id", "group_id")
);
CREATE INDEX "group_mutes_group_id_idx" ON "group_mutes"("group_id");
ALTER TABLE "group_mutes" ADD CONSTRAINT "group_mutes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_mutes" ADD CONSTRAINT "group_mutes_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Posts plus likes a thread received on each UTC day (an unlike takes one back), written by the
-- post's and the like's own statements; `top` and `hot` sum the days of their window.
CREATE TABLE "thread_activity" (
    "thread_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "score" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "thread_activity_pkey" PRIMARY KEY ("thread_id", "day")
);
CREATE INDEX "thread_activity_day_idx" ON "thread_activity"("day", "thread_id") INCLUDE ("score");
ALTER TABLE "thread_activity" ADD CONSTRAINT "thread_activity_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The last year's activity of existing threads.
INSERT INTO "thread_activity" ("thread_id", "day", "score")
SELECT "thread_id", "day", sum("n")::int FROM (
    SELECT "thread_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", count(*) AS "n"
    FROM "posts" WHERE "created_at" > now() - interval '1 year' GROUP BY 1, 2
    UNION ALL
    SELECT p."thread_id", (l."created_at" AT TIME ZONE 'UTC')::date, count(*)
    FROM "post_likes" l JOIN "posts" p ON p."id" = l."post_id" WHERE l."created_at" > now() - interval '1 year' GROUP BY 1, 2
) a GROUP BY 1, 2;

-- A followed thread is tracked by a read mark at 0 (never opened) when it has none
-- (lib/db/subscriptions.ts), so the unread feed walks the reader's marks alone.
INSERT INTO "thread_reads" ("user_id", "thread_id", "last_post_id", "posts_count")
SELECT "user_id", "thread_id", 0, 0 FROM "subscriptions" ON CONFLICT DO NOTHING;

-- The site-wide feeds' orders over live threads: latest (last post), new (creation), top of all
-- time (posts plus likes); and a group's feed by last post without the board's pinned-first order.
CREATE INDEX "threads_live_activity_idx" ON "threads"("last_activity_at" DESC, "id" DESC) WHERE "is_delete" = 0;
CREATE INDEX "threads_live_created_idx" ON "threads"("created_at" DESC, "id" DESC) WHERE "is_delete" = 0;
CREATE INDEX "threads_live_score_idx" ON "threads"(("posts_count" + "likes_count") DESC, "last_activity_at" DESC, "id" DESC) WHERE "is_delete" = 0;
CREATE INDEX "threads_live_group_activity_idx" ON "threads"("group_id", "last_activity_at" DESC, "id" DESC) WHERE "is_delete" = 0;

-- A thread's live posts after a read mark, counted from the index alone (unread_count).
CREATE INDEX "posts_live_thread_id_idx" ON "posts"("thread_id", "id") INCLUDE ("user_id") WHERE "deleted" = 0;
