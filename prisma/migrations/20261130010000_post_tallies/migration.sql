-- Create post without the queue (issue 30). A post used to update its group's and its author's
-- rows, so every writer in a group (and every post of one author) waited for the one before it to
-- commit. Those counters now move in slotted rows: a post adds to the slot of its thread
-- (thread_id % 16) and a counter reads as the row's base plus its slots. The thread-to-group read
-- version moves in the group's slots as well (prisma/derived/read-versions.sql).
CREATE TABLE "group_tallies" (
    "group_id" INTEGER NOT NULL,
    "slot" SMALLINT NOT NULL,
    "posts_count" INTEGER NOT NULL DEFAULT 0,
    "cache_version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "group_tallies_pkey" PRIMARY KEY ("group_id", "slot")
);
ALTER TABLE "group_tallies" ADD CONSTRAINT "group_tallies_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "user_tallies" (
    "user_id" INTEGER NOT NULL,
    "slot" SMALLINT NOT NULL,
    "posts_count" INTEGER NOT NULL DEFAULT 0,
    "last_post_at" TIMESTAMPTZ(6),

    CONSTRAINT "user_tallies_pkey" PRIMARY KEY ("user_id", "slot")
);
ALTER TABLE "user_tallies" ADD CONSTRAINT "user_tallies_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Posts whose notifications are still to be written: a row is written with the post, and taken
-- (deleted) by the statement that notifies of it, after the post's commit or by the sweep.
CREATE TABLE "post_announcements" (
    "post_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_announcements_pkey" PRIMARY KEY ("post_id")
);
CREATE INDEX "post_announcements_created_at_idx" ON "post_announcements"("created_at");
ALTER TABLE "post_announcements" ADD CONSTRAINT "post_announcements_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
