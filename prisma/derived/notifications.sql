-- Notifications: the rows are written by the write that causes them (lib/db/notifications.ts,
-- lib/db/post-insert.ts); the triggers here only publish them (below).
--
-- table (operation)                               | keeps up to date | bumps | emits
-- notifications (insert, update, delete; per stmt)| -                | -     | user:<id> notification {notification_id, unread_count}
--                                                 |                  |       | (update: only when read, count or post_id changed)
--
-- Lock order: notifications → live_events (agora_publish, live-events.sql); persons in user_id order.

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
