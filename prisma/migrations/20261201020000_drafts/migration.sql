-- Contract section 17: drafts saved as people write, on every device. The key is the writer's
-- own; the list reads newest first per user, and the 180-day prune walks updated_at.
CREATE TABLE "drafts" (
    "user_id" INTEGER NOT NULL,
    "draft_key" VARCHAR(64) NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '[]',
    "group_id" INTEGER,
    "thread_id" INTEGER,
    "parent_id" INTEGER,
    "category_id" INTEGER,
    "sequence" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drafts_pkey" PRIMARY KEY ("user_id", "draft_key")
);

CREATE INDEX "drafts_user_id_updated_at_idx" ON "drafts"("user_id", "updated_at" DESC);
CREATE INDEX "drafts_updated_at_idx" ON "drafts"("updated_at");

ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
