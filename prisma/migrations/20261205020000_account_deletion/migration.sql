-- Contract section 20, leaving: a deleted account keeps its row (its posts, threads, likes and
-- modlog entries still point at it) as "deleted user", marked by when it was deleted; its name is
-- free again, since username_key then holds a key no name can have.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMPTZ(6);

-- A group whose owner left with no one else in it has no owner until a site admin assigns one.
ALTER TABLE "groups" ALTER COLUMN "owner_id" DROP NOT NULL;
