-- Quotes and bookmarks (contract section 17).

-- Whose posts a post quotes (the quoted posts' authors), so an edit notifies only the newly quoted.
CREATE TABLE "post_quotes" (
    "post_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,

    CONSTRAINT "post_quotes_pkey" PRIMARY KEY ("post_id", "user_id")
);
CREATE INDEX "post_quotes_user_id_idx" ON "post_quotes"("user_id");
ALTER TABLE "post_quotes" ADD CONSTRAINT "post_quotes_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_quotes" ADD CONSTRAINT "post_quotes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's saved posts, with a note and an optional reminder (remind_at, cleared when it fires).
CREATE TABLE "bookmarks" (
    "user_id" INTEGER NOT NULL,
    "post_id" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "remind_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bookmarks_pkey" PRIMARY KEY ("user_id", "post_id")
);
CREATE INDEX "bookmarks_user_id_created_at_idx" ON "bookmarks"("user_id", "created_at" DESC, "post_id" DESC);
CREATE INDEX "bookmarks_post_id_idx" ON "bookmarks"("post_id");
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A reminder has no actor and is never grouped: two reminders in one thread are two rows.
ALTER TABLE "notifications" ALTER COLUMN "actor_id" DROP NOT NULL;
DROP INDEX "notifications_one_unread_key";
CREATE UNIQUE INDEX "notifications_one_unread_key" ON "notifications"("user_id", "thread_id", "type") WHERE NOT "read" AND "type" <> 'reminder';
