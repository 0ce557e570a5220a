-- Archives (contract section 19): a public group's `archive` setting, and one row per archived
-- revision of a post (the post as written, edit_id NULL, then one per edit), holding what the
-- archive job bundles (the revision's content and signature as written) and what it got back: the
-- bundle's cid and the gateway's transaction id. posts.archive_id and archive_cid are the newest
-- archived revision's, so reads of a post need no join.
ALTER TABLE "groups" ADD COLUMN "archive" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "posts" ADD COLUMN "archive_cid" TEXT NOT NULL DEFAULT '';

CREATE TABLE "post_archives" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "edit_id" INTEGER,
    "content" TEXT NOT NULL,
    "sign" TEXT,
    "sign_msg" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "cid" TEXT NOT NULL DEFAULT '',
    "archive_id" TEXT NOT NULL DEFAULT '',
    "archived_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "post_archives_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "post_archives_post_id_idx" ON "post_archives"("post_id", "id");
CREATE UNIQUE INDEX "post_archives_edit_id_key" ON "post_archives"("edit_id");
ALTER TABLE "post_archives" ADD CONSTRAINT "post_archives_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_archives" ADD CONSTRAINT "post_archives_edit_id_fkey" FOREIGN KEY ("edit_id") REFERENCES "post_edits"("id") ON DELETE CASCADE ON UPDATE CASCADE;
