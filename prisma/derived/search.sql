-- Full-text search (contract section 13), kept in the database so every write path is covered.
-- posts.search_vector is a generated column and posts_search_bigrams_idx an expression index: the
-- functions they are built from (agora_search_clean, agora_delta_text, agora_search_text,
-- agora_search_bigrams) belong to the schema and stay in migrations 20261127040000_search and
-- 20261127050000_search_phrases (lib/db/derived.ts, SCHEMA_BOUND_FUNCTIONS); the functions below
-- call them.
--
-- table (operation)                                  | keeps up to date                           | bumps | emits
-- threads (insert; update of title, first_post_id;   | threads.search_vector: title (A) and the   | -     | -
--   row, before)                                     | opening post while it is live (B)          |       |
-- posts (update of content, deleted; opening posts)  | its thread's search_vector                 | threads.cache_version (a threads update) | -
-- posts (insert, per statement; update of content,   | post_search_texts (the text as the search  | -     | -
--   per row)                                         | sees it, for ts_headline)                  |       |
-- (none: called by lib/db/search.ts)                 | agora_search_phrase_query: a phrase's pairs| -     | -
--
-- Lock order: posts → threads (the opening post is locked before its thread, the order every write
-- takes); posts → post_search_texts.

-- A thread is found by its title (weight A) and its opening post while that post is live
-- (weight B), as one vector, so a query's words may be spread over both.
CREATE FUNCTION "agora_thread_search_vector"("p_title" TEXT, "p_first_post_id" INTEGER) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, "agora_search_clean"("p_title")), 'A')
    || COALESCE((SELECT setweight("search_vector", 'B') FROM "posts" WHERE "id" = "p_first_post_id" AND "deleted" = 0), ''::tsvector)
$$;

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

-- Once per INSERT statement over the rows it wrote (create post writes one; a bulk load many).
CREATE FUNCTION "agora_insert_post_search_texts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_search_texts" ("post_id", "text")
  SELECT "id", "agora_search_text"("content") FROM "new_rows"
  ON CONFLICT ("post_id") DO UPDATE SET "text" = EXCLUDED."text";
  RETURN NULL;
END $$;

CREATE TRIGGER "posts_search_text_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agora_insert_post_search_texts"();

-- Per row, and only when the content changed: likes and counters update posts far more often.
CREATE FUNCTION "agora_update_post_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_search_texts" ("post_id", "text") VALUES (NEW."id", "agora_search_text"(NEW."content"))
  ON CONFLICT ("post_id") DO UPDATE SET "text" = EXCLUDED."text";
  RETURN NULL;
END $$;

CREATE TRIGGER "posts_search_text_update" AFTER UPDATE OF "content" ON "posts"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content")
  EXECUTE FUNCTION "agora_update_post_search_text"();

-- The pairs every one of the given phrases needs, as one AND query over those pair lexemes; NULL
-- when no phrase has two adjacent words (one word, or words around a stop word), so there is
-- nothing narrower than the words themselves to look up. PL/pgSQL, with the pairing written out
-- rather than calling agora_search_bigrams: a search calls this while its statement is planned,
-- and PL/pgSQL keeps its query's plan for the session where a SQL function's body is planned
-- again on every call.
CREATE FUNCTION "agora_search_phrase_query"("p_phrases" TEXT[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT string_agg(DISTINCT '''' || replace(replace("a"."lexeme" || ' ' || "b"."lexeme", E'\\', E'\\\\'), '''', '''''') || '''', ' & ')::tsquery
    FROM unnest("p_phrases") AS "phrase"
    CROSS JOIN LATERAL (SELECT to_tsvector('english'::regconfig, "agora_search_clean"("phrase")) AS "vector") AS "v"
    CROSS JOIN LATERAL (SELECT "u"."lexeme", unnest("u"."positions") AS "pos" FROM unnest("v"."vector") AS "u") AS "a"
    JOIN LATERAL (SELECT "u"."lexeme", unnest("u"."positions") AS "pos" FROM unnest("v"."vector") AS "u") AS "b" ON "b"."pos" = "a"."pos" + 1
  );
END $$;
