-- Contract section 15: an attachment row is an upload. It is stored by the SHA-256 of its
-- (re-encoded) bytes; the stored object is removed only when no row names that hash any more.
ALTER TABLE "attachments"
  ADD COLUMN "sha256" TEXT,
  ADD COLUMN "ext" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "width" INTEGER,
  ADD COLUMN "height" INTEGER,
  -- post (default), avatar, cover or logo.
  ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'post';

CREATE INDEX "attachments_sha256_idx" ON "attachments"("sha256");
-- The orphan sweep's candidates: post uploads never attached, oldest first.
CREATE INDEX "attachments_unattached_idx" ON "attachments"("created_at") WHERE "post_id" IS NULL AND "purpose" = 'post';
