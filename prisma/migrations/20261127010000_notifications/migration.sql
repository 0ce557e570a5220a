-- Notifications, mentions and read markers (contract section 13).

-- One row per person, thread and type while it is unread: further events of the same kind raise
-- its count (the partial unique index below) and a read row is left alone, so the next event
-- starts a new one. post_ids and actor_ids list the grouped events in order (one entry each), so a
-- deleted post or a taken-back like is removed exactly; post_id and actor_id are the latest.
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    -- reply | post | mention | like
    "type" TEXT NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "post_id" INTEGER NOT NULL,
    "actor_id" INTEGER NOT NULL,
    "post_ids" INTEGER[] NOT NULL DEFAULT '{}',
    "actor_ids" INTEGER[] NOT NULL DEFAULT '{}',
    "count" INTEGER NOT NULL DEFAULT 1,
    "read" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notifications_one_unread_key" ON "notifications"("user_id", "thread_id", "type") WHERE NOT "read";
CREATE INDEX "notifications_user_id_updated_at_idx" ON "notifications"("user_id", "updated_at" DESC, "id" DESC);
CREATE INDEX "notifications_thread_id_idx" ON "notifications"("thread_id");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Who a post mentions, so an edit notifies only the people it newly mentions.
CREATE TABLE "post_mentions" (
    "post_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,

    CONSTRAINT "post_mentions_pkey" PRIMARY KEY ("post_id", "user_id")
);
CREATE INDEX "post_mentions_user_id_idx" ON "post_mentions"("user_id");
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How far a person has read a thread: its last post and post count when they last opened it
-- ("N new" is the thread's posts_count minus this one). Written only when it moves forward.
CREATE TABLE "thread_reads" (
    "user_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "last_post_id" INTEGER NOT NULL DEFAULT 0,
    "posts_count" INTEGER NOT NULL DEFAULT 0,
    "read_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_reads_pkey" PRIMARY KEY ("user_id", "thread_id")
);
CREATE INDEX "thread_reads_thread_id_idx" ON "thread_reads"("thread_id");
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every change to someone's notifications or unread count publishes one live event per person
-- per statement (topic 'user:<id>', type 'notification'), in the writing transaction, whichever
-- write made it: statement triggers over the transition tables see the statement's whole effect,
-- so the unread count they publish is the one the statement left. notification_id is the row
-- when the statement touched one of that person's, else null.
CREATE FUNCTION "agora_publish_notifications"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agora_publish"('user:' || c."user_id", 'notification', jsonb_build_object('notification_id', c."one_id",
      'unread_count', (SELECT count(*) FROM "notifications" n WHERE n."user_id" = c."user_id" AND NOT n."read")))
    FROM (SELECT "user_id", CASE WHEN count(*) = 1 THEN min("id") END AS "one_id" FROM "new_rows" GROUP BY "user_id" ORDER BY "user_id") c;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "agora_publish"('user:' || c."user_id", 'notification', jsonb_build_object('notification_id', c."one_id",
      'unread_count', (SELECT count(*) FROM "notifications" n WHERE n."user_id" = c."user_id" AND NOT n."read")))
    FROM (
      SELECT nw."user_id", CASE WHEN count(*) = 1 THEN min(nw."id") END AS "one_id"
      FROM "new_rows" nw JOIN "old_rows" o ON o."id" = nw."id"
      WHERE nw."read" IS DISTINCT FROM o."read" OR nw."count" IS DISTINCT FROM o."count" OR nw."post_id" IS DISTINCT FROM o."post_id"
      GROUP BY nw."user_id" ORDER BY nw."user_id"
    ) c;
  ELSE
    PERFORM "agora_publish"('user:' || c."user_id", 'notification', jsonb_build_object('notification_id', c."one_id",
      'unread_count', (SELECT count(*) FROM "notifications" n WHERE n."user_id" = c."user_id" AND NOT n."read")))
    FROM (SELECT "user_id", CASE WHEN count(*) = 1 THEN min("id") END AS "one_id" FROM "old_rows" GROUP BY "user_id" ORDER BY "user_id") c;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "notifications_publish_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_publish_notifications"();
CREATE TRIGGER "notifications_publish_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_publish_notifications"();
CREATE TRIGGER "notifications_publish_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_publish_notifications"();
