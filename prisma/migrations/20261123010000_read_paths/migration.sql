-- Reads that must not cost more as a group or a thread grows (issue: speed at real size).

-- Who has posted in a thread, kept by the writes: the thread record's participant count is a
-- column, not a COUNT(DISTINCT) over every post of the thread on each read.
ALTER TABLE "threads" ADD COLUMN "participants_count" INTEGER NOT NULL DEFAULT 0;
CREATE TABLE "thread_participants" (
    "thread_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,

    CONSTRAINT "thread_participants_pkey" PRIMARY KEY ("thread_id", "user_id")
);
CREATE INDEX "thread_participants_user_id_idx" ON "thread_participants"("user_id");
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "thread_participants" ("thread_id", "user_id") SELECT DISTINCT "thread_id", "user_id" FROM "posts";
UPDATE "threads" t SET "participants_count" = c.n
FROM (SELECT "thread_id", COUNT(*)::int AS n FROM "thread_participants" GROUP BY "thread_id") c
WHERE c."thread_id" = t."id";

-- Listings page through live threads only: partial indexes in each listing's order let page 1000
-- walk index entries alone (an index-only scan over ids), not heap rows it then throws away.
DROP INDEX IF EXISTS "threads_group_id_is_pin_last_activity_at_id_idx";
DROP INDEX IF EXISTS "threads_category_id_last_activity_at_id_idx";
CREATE INDEX "threads_live_group_order_idx" ON "threads"("group_id", "is_pin" DESC, "last_activity_at" DESC, "id" DESC) WHERE "is_delete" = 0;
CREATE INDEX "threads_live_category_order_idx" ON "threads"("category_id", "is_pin" DESC, "last_activity_at" DESC, "id" DESC) WHERE "is_delete" = 0;
CREATE INDEX "threads_live_group_id_idx" ON "threads"("group_id", "id") WHERE "is_delete" = 0;
