-- Full-text search (contract section 13). The vectors are derived in the database, so every
-- write path (create, edit, delete, restore, SQL by hand) and every existing row is covered with
-- no application code: posts by a generated column, threads (title and opening post) by triggers.
-- The same SQL runs on PostgreSQL and on the embedded database (PGlite ships the 'english'
-- configuration, GIN, websearch_to_tsquery and ts_headline).

-- Text as the search sees it: control characters \x01-\x08 become spaces (\x01 and \x02 mark the
-- matches in ts_headline's output), and < > & become \x03 \x04 \x05, so the text-search parser
-- neither drops "<script>" as an HTML tag nor "&amp;" as an entity: they are searchable words,
-- and lib/db/search.ts turns the sentinels back into escaped characters for the snippet.
CREATE FUNCTION "agora_search_clean"("p_text" TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(left(COALESCE("p_text", ''), 200000), E'\x01\x02\x03\x04\x05\x06\x07\x08<>&', E'        \x03\x04\x05')
$$;

-- A stored Quill delta (JSON text of the ops) as plain text: string inserts as written, an emoji
-- as its character, an image as a space. Legacy rows that are not a delta (plain text, invalid
-- JSON, {"ops": [...]}) never throw: they are read as well as they can be, else as the raw text.
-- Capped at 200,000 characters, which keeps any vector far below tsvector's 1 MB limit.
-- PARALLEL UNSAFE: the exception block is a subtransaction, which no process of a parallel query
-- may start (the leader included), so a query calling it must not be planned in parallel.
CREATE FUNCTION "agora_delta_text"("p_content" TEXT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE PARALLEL UNSAFE AS $$
DECLARE
  "doc" JSONB;
  "plain" TEXT := COALESCE("p_content", '');
BEGIN
  IF left(ltrim("plain"), 1) NOT IN ('[', '{') THEN
    RETURN "plain";
  END IF;
  BEGIN
    "doc" := "plain"::jsonb;
    IF jsonb_typeof("doc") = 'object' THEN
      "doc" := "doc" -> 'ops';
    END IF;
    IF jsonb_typeof("doc") = 'array' THEN
      SELECT COALESCE(string_agg(
        CASE jsonb_typeof("op" -> 'insert')
          WHEN 'string' THEN "op" ->> 'insert'
          WHEN 'object' THEN COALESCE("op" -> 'insert' -> 'emoji' ->> 'unicode', ' ')
          ELSE ' '
        END, '' ORDER BY "ord"), '')
      INTO "plain"
      FROM jsonb_array_elements("doc") WITH ORDINALITY AS "ops"("op", "ord");
    END IF;
  EXCEPTION WHEN others THEN
    "plain" := COALESCE("p_content", '');
  END;
  RETURN "plain";
END $$;

CREATE FUNCTION "agora_search_text"("p_content" TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL UNSAFE AS $$
  SELECT "agora_search_clean"("agora_delta_text"("p_content"))
$$;

ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "agora_search_text"("content"))) STORED;
-- Deleted posts are never found, so they stay out of the index.
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WHERE "deleted" = 0;

-- A thread is found by its title (weight A) and its opening post while that post is live
-- (weight B), as one vector, so a query's words may be spread over both.
CREATE FUNCTION "agora_thread_search_vector"("p_title" TEXT, "p_first_post_id" INTEGER) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, "agora_search_clean"("p_title")), 'A')
    || COALESCE((SELECT setweight("search_vector", 'B') FROM "posts" WHERE "id" = "p_first_post_id" AND "deleted" = 0), ''::tsvector)
$$;

ALTER TABLE "threads" ADD COLUMN "search_vector" tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE "threads" SET "search_vector" = "agora_thread_search_vector"("title", "first_post_id");
CREATE INDEX "threads_search_idx" ON "threads" USING gin ("search_vector") WHERE "is_delete" = 0;

CREATE FUNCTION "agora_thread_search_vector_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := "agora_thread_search_vector"(NEW."title", NEW."first_post_id");
  RETURN NEW;
END $$;
CREATE TRIGGER "threads_search_vector_insert" BEFORE INSERT ON "threads"
  FOR EACH ROW EXECUTE FUNCTION "agora_thread_search_vector_row"();
-- Create post sets first_post_id in the same statement that inserts the opening post; a row-level
-- BEFORE trigger sees the rows its statement wrote before it, so the post's vector is there.
CREATE TRIGGER "threads_search_vector_update" BEFORE UPDATE OF "title", "first_post_id" ON "threads"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."first_post_id" IS DISTINCT FROM NEW."first_post_id")
  EXECUTE FUNCTION "agora_thread_search_vector_row"();

-- Editing, deleting or restoring an opening post moves its thread's vector (the post is locked
-- before the thread, the order every write takes).
CREATE FUNCTION "agora_opening_post_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "threads" SET "search_vector" = "agora_thread_search_vector"("title", "first_post_id") WHERE "first_post_id" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "posts_opening_search_vector" AFTER UPDATE OF "content", "deleted" ON "posts"
  FOR EACH ROW WHEN (NEW."parent_id" IS NULL AND (OLD."content" IS DISTINCT FROM NEW."content" OR OLD."deleted" IS DISTINCT FROM NEW."deleted"))
  EXECUTE FUNCTION "agora_opening_post_search_vector"();
