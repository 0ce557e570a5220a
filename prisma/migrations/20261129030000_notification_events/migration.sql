-- Grouped notifications keep their events as rows (issue: speed at real size). The arrays
-- post_ids and actor_ids grew by one entry with each event while a row stayed unread, and every
-- new post rewrote each follower's whole array (and copied it through the publishing trigger's
-- transition tables): a thread with a thousand unread replies made each further reply take
-- milliseconds per follower. An event is now one row appended next to its notification; `count`,
-- `post_id` and `actor_id` stay on the notification (the count of its events, the latest one).
CREATE TABLE "notification_events" (
    "id" BIGSERIAL NOT NULL,
    "notification_id" INTEGER NOT NULL,
    "post_id" INTEGER NOT NULL,
    "actor_id" INTEGER NOT NULL,

    CONSTRAINT "notification_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "notification_events_notification_id_id_idx" ON "notification_events"("notification_id", "id");
CREATE INDEX "notification_events_post_id_idx" ON "notification_events"("post_id");
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The events the arrays held, in their order (membership notifications name no post: no events).
INSERT INTO "notification_events" ("notification_id", "post_id", "actor_id")
SELECT n."id", e."p", e."a"
FROM "notifications" n CROSS JOIN LATERAL unnest(n."post_ids", n."actor_ids") WITH ORDINALITY AS e("p", "a", "i")
WHERE e."p" IS NOT NULL AND e."a" IS NOT NULL AND EXISTS (SELECT 1 FROM "posts" p WHERE p."id" = e."p")
ORDER BY n."id", e."i";

ALTER TABLE "notifications" DROP COLUMN "post_ids", DROP COLUMN "actor_ids";
