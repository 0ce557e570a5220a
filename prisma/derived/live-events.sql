-- Live events (contract section 13): one log every instance reads. agora_publish appends to
-- live_events in the writing transaction and NOTIFYs 'agora_live' ('<id> <topic>'), so an event
-- exists exactly when the write that caused it committed; lib/live/ feeds open streams from it.
-- The thread events below fire only on the change they announce (WHEN clauses, UPDATE OF columns):
-- counter updates (children_count, likes_count, report_count...) and the HTML backfill emit nothing.
-- Notifications (notifications.sql) and access changes (membership.sql) publish through it too.
--
-- table (operation)                        | keeps up to date         | bumps | emits
-- (any caller)                             | live_events (append)     | -     | what it is given; pg_notify('agora_live')
-- posts (insert; per row)                  | -                        | -     | thread:<id> post {post_id, parent_id}
-- posts (update of content, deleted)       | -                        | -     | thread:<id> delete, or edit {post_id, parent_id[, restored]}
-- post_likes (insert, delete; deferred)    | -                        | -     | thread:<id> like {post_id, total_likes}
-- poll_ballots (insert, update, delete)    | -                        | -     | thread:<id> poll {poll_id}
--
-- Lock order: the like event is deferred to commit and reads posts, whose row the write already
-- locked to move likes_count (post_likes → posts); live_events is append-only and locks no row.

-- The one way to publish: append to the log and wake the listeners (the payload is the id and
-- topic only, far below NOTIFY's 8000-byte limit; listeners read the row).
CREATE FUNCTION "agora_publish"("p_topic" TEXT, "p_type" TEXT, "p_data" JSONB) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  "new_id" BIGINT;
BEGIN
  INSERT INTO "live_events" ("topic", "type", "data") VALUES ("p_topic", "p_type", COALESCE("p_data", '{}'::jsonb)) RETURNING "id" INTO "new_id";
  PERFORM pg_notify('agora_live', "new_id"::text || ' ' || "p_topic");
  RETURN "new_id";
END $$;

-- post: a new post; data {post_id, parent_id}.
CREATE FUNCTION "agora_live_post_inserted"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agora_publish('thread:' || NEW."thread_id", 'post', jsonb_build_object('post_id', NEW."id", 'parent_id', NEW."parent_id"));
  RETURN NULL;
END $$;

CREATE TRIGGER "posts_live_post" AFTER INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "agora_live_post_inserted"();

-- edit: the content changed. A restore (deleted back to 0) is an edit too: the post is readable
-- again, and a client does what it does for an edit (fetches the post and replaces it in place).
CREATE FUNCTION "agora_live_post_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."deleted" <> 0 AND OLD."deleted" = 0 THEN
    PERFORM agora_publish('thread:' || NEW."thread_id", 'delete', jsonb_build_object('post_id', NEW."id", 'parent_id', NEW."parent_id"));
  ELSIF NEW."deleted" = 0 AND OLD."deleted" <> 0 THEN
    PERFORM agora_publish('thread:' || NEW."thread_id", 'edit', jsonb_build_object('post_id', NEW."id", 'parent_id', NEW."parent_id", 'restored', true));
  ELSIF NEW."content" IS DISTINCT FROM OLD."content" THEN
    PERFORM agora_publish('thread:' || NEW."thread_id", 'edit', jsonb_build_object('post_id', NEW."id", 'parent_id', NEW."parent_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "posts_live_change" AFTER UPDATE OF "content", "deleted" ON "posts" FOR EACH ROW
  WHEN (OLD."content" IS DISTINCT FROM NEW."content" OR (OLD."deleted" = 0) <> (NEW."deleted" = 0))
  EXECUTE FUNCTION "agora_live_post_changed"();

-- like: a like added or taken back; data {post_id, total_likes}. Deferred to the end of the
-- transaction, because the like row is written before the counter it moves: at commit the
-- post's likes_count is this transaction's final total (the row is still locked by its update).
CREATE FUNCTION "agora_live_post_liked"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  "target" INTEGER := COALESCE(NEW."post_id", OLD."post_id");
  "post" RECORD;
BEGIN
  SELECT "thread_id", "likes_count" INTO "post" FROM "posts" WHERE "id" = "target";
  IF FOUND THEN
    PERFORM agora_publish('thread:' || "post"."thread_id", 'like', jsonb_build_object('post_id', "target", 'total_likes', "post"."likes_count"));
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "post_likes_live_like" AFTER INSERT OR DELETE ON "post_likes" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "agora_live_post_liked"();

-- poll: a vote cast, replaced or taken back (contract section 18); data {poll_id} only, since
-- what a reader may see of the counts depends on who they are: clients read the poll again.
CREATE FUNCTION "agora_live_poll_voted"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  "ballot" "poll_ballots" := COALESCE(NEW, OLD);
BEGIN
  PERFORM agora_publish('thread:' || "ballot"."thread_id", 'poll', jsonb_build_object('poll_id', "ballot"."poll_id"));
  RETURN NULL;
END $$;

CREATE TRIGGER "poll_ballots_live_poll" AFTER INSERT OR UPDATE OR DELETE ON "poll_ballots" FOR EACH ROW EXECUTE FUNCTION "agora_live_poll_voted"();

-- poll: a poll added to a thread, changed, closed or reopened, or its snapshot taken: readers read
-- it again (an id they do not know yet: the page again).
CREATE FUNCTION "agora_live_poll_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agora_publish('thread:' || NEW."thread_id", 'poll', jsonb_build_object('poll_id', NEW."id"));
  RETURN NULL;
END $$;

CREATE TRIGGER "polls_live_poll_ins" AFTER INSERT ON "polls" FOR EACH ROW EXECUTE FUNCTION "agora_live_poll_changed"();
CREATE TRIGGER "polls_live_poll_upd" AFTER UPDATE ON "polls" FOR EACH ROW
  WHEN ((OLD.*) IS DISTINCT FROM (NEW.*)) EXECUTE FUNCTION "agora_live_poll_changed"();
