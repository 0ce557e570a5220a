-- Post HTML rendered and sanitised once, when the post is written (lib/services/content.ts), so
-- a page view never renders or sanitises a post; remote images are signed for the proxy when
-- served. content_preview holds a truncated delta (at most 8 KB of JSON) for thread lists when the
-- content is longer, else NULL. Existing rows are rendered by the application at start in batches
-- (backfillPostHtml), walking the partial index of posts still without HTML.
ALTER TABLE "posts" ADD COLUMN "content_html" TEXT;
ALTER TABLE "posts" ADD COLUMN "content_preview" TEXT;

CREATE INDEX "posts_without_html_idx" ON "posts"("id") WHERE "content_html" IS NULL;
