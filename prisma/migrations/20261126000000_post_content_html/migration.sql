-- Post HTML rendered and sanitised once, when the post is written (lib/services/content.ts), so
-- a page view never renders or sanitises a post; remote images are signed for the proxy when
-- served. content_preview holds a truncated delta (at most 8 KB of JSON) for thread lists when the
-- content is longer, else NULL. Existing rows are rendered by the application at start in batches
-- (backfillPostHtml), walking the partial index of posts still without HTML.
ALTER TABLE "posts" ADD COLUMN "content_html" TEXT;
ALTER TABLE "posts" ADD COLUMN "content_preview" TEXT;

CREATE INDEX "posts_without_html_idx" ON "posts"("id") WHERE "content_html" IS NULL;

-- Content changed without its HTML (SQL by hand, a script, an old instance during a rolling
-- deploy): the stale HTML and preview are dropped, so readers render the new content and the next
-- start's backfill stores it. The app's edits write all three together and are unaffected.
CREATE FUNCTION "agora_drop_stale_post_html"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content IS DISTINCT FROM OLD.content AND NEW.content_html IS NOT DISTINCT FROM OLD.content_html THEN
    NEW.content_html := NULL;
    NEW.content_preview := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "posts_drop_stale_html" BEFORE UPDATE OF "content" ON "posts" FOR EACH ROW EXECUTE FUNCTION "agora_drop_stale_post_html"();
