-- Post HTML: posts.content_html and content_preview are rendered and sanitised when the post is
-- written (lib/services/content.ts) and backfilled at start (backfillPostHtml).
--
-- table (operation)                        | keeps up to date                                     | bumps | emits
-- posts (update of content; row, before)   | content_html, content_preview: dropped when content  | -     | -
--                                          | changes without them (SQL by hand, an old instance)  |       |
--
-- (The update itself moves the thread's version: read-versions.sql.)

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
