-- Contract section 15: an upload deleted while a post uses it leaves its row as a marker, so the
-- post shows "Image removed" / "File removed" where it was. Its content is no longer named
-- (sha256 becomes NULL), so the stored file goes when no other row names it.
ALTER TABLE "attachments" ADD COLUMN "removed_at" TIMESTAMPTZ(6);
