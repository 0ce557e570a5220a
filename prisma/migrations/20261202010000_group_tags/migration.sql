-- Contract section 18: tags become each group's own vocabulary. A tag belongs to one group, its
-- name is unique there in any case (name_key: the name folded by the writer, lib/db/tags.ts), and it
-- carries a color, a description, a restricted flag, the admins' order and the number of live
-- threads carrying it (moved by the writes that tag, untag and remove threads).
--
-- Existing links keep their threads: each (group, name in any case) used by a thread becomes one
-- tag of that group. A tag used in one group keeps its row and id there; the same name in another
-- group (or a second spelling of it in one group) becomes a new row of that group. Tags no thread
-- carries had no group and are dropped.
DROP INDEX "tags_name_key";
ALTER TABLE "tags"
    ADD COLUMN "group_id" INTEGER,
    ADD COLUMN "name_key" TEXT,
    ADD COLUMN "color" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "description" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "restricted" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "order" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "thread_count" INTEGER NOT NULL DEFAULT 0;

-- Which old tags each group's threads carry, by folded name.
CREATE TABLE "_tag_moves" AS
SELECT DISTINCT th."group_id", tt."tag_id" AS "old_id", lower(tg."name") AS "name_key"
FROM "thread_tags" tt JOIN "threads" th ON th."id" = tt."thread_id" JOIN "tags" tg ON tg."id" = tt."tag_id";

-- One tag per (group, folded name): the lowest old id keeps its row when that group is the first
-- (lowest id) to use it; otherwise a new row is written below.
CREATE TABLE "_tag_targets" AS
SELECT m."group_id", m."name_key", min(m."old_id") AS "keep_id"
FROM "_tag_moves" m GROUP BY m."group_id", m."name_key";

UPDATE "tags" tg SET "group_id" = t."group_id", "name_key" = t."name_key"
FROM "_tag_targets" t
WHERE tg."id" = t."keep_id" AND t."group_id" = (SELECT min(m."group_id") FROM "_tag_moves" m WHERE m."old_id" = t."keep_id");

INSERT INTO "tags" ("group_id", "name_key", "name")
SELECT t."group_id", t."name_key", (SELECT tg."name" FROM "tags" tg WHERE tg."id" = t."keep_id")
FROM "_tag_targets" t
WHERE NOT EXISTS (SELECT 1 FROM "tags" tg WHERE tg."group_id" = t."group_id" AND tg."name_key" = t."name_key");

-- Every link points at its group's tag; the links to rows left without a group go.
INSERT INTO "thread_tags" ("thread_id", "tag_id")
SELECT tt."thread_id", nt."id"
FROM "thread_tags" tt
JOIN "threads" th ON th."id" = tt."thread_id"
JOIN "tags" old ON old."id" = tt."tag_id"
JOIN "tags" nt ON nt."group_id" = th."group_id" AND nt."name_key" = lower(old."name")
WHERE nt."id" <> tt."tag_id"
ON CONFLICT DO NOTHING;
DELETE FROM "thread_tags" tt USING "threads" th, "tags" tg
WHERE th."id" = tt."thread_id" AND tg."id" = tt."tag_id" AND tg."group_id" IS DISTINCT FROM th."group_id";
DELETE FROM "tags" WHERE "group_id" IS NULL;
DROP TABLE "_tag_moves";
DROP TABLE "_tag_targets";

-- The admins' order starts alphabetical; the counts start exact.
UPDATE "tags" tg SET "order" = o."position"
FROM (SELECT "id", row_number() OVER (PARTITION BY "group_id" ORDER BY "name_key", "id")::int AS "position" FROM "tags") o
WHERE o."id" = tg."id";
UPDATE "tags" tg SET "thread_count" = c."n"
FROM (
    SELECT tt."tag_id", count(*)::int AS "n" FROM "thread_tags" tt JOIN "threads" th ON th."id" = tt."thread_id" AND th."is_delete" = 0
    GROUP BY tt."tag_id"
) c
WHERE c."tag_id" = tg."id";

ALTER TABLE "tags" ALTER COLUMN "group_id" SET NOT NULL, ALTER COLUMN "name_key" SET NOT NULL;
CREATE UNIQUE INDEX "tags_group_id_name_key_key" ON "tags"("group_id", "name_key");
CREATE INDEX "tags_group_id_order_id_idx" ON "tags"("group_id", "order", "id");
ALTER TABLE "tags" ADD CONSTRAINT "tags_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
