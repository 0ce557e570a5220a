-- Each post's text as the search sees it (agora_search_text of its content, migration
-- 20261127040000_search), stored once when the post is written, so a results page runs ts_headline
-- over stored text instead of parsing every hit's delta again: agora_delta_text's exception block
-- is a subtransaction per row, and a page of a common phrase at size has twenty hits where a small
-- forum has one or two. A side table, as Discourse's post_search_data keeps raw_data: thread pages
-- read posts without carrying a second copy of the text, and the backfill below is one
-- INSERT ... SELECT (about 30 s at 1M posts) instead of an UPDATE that would write a new version of
-- every post and an entry in each of its indexes. Readers LEFT JOIN it and fall back to
-- agora_search_text(content), so a row missing for any reason changes the speed, never a result.
-- posts.search_vector stays the generated column it was: generated columns read their own row
-- only, and moving the vector would rebuild both GIN indexes over every post.
CREATE TABLE "post_search_texts" (
  "post_id" INTEGER NOT NULL,
  "text" TEXT NOT NULL
);

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

-- The triggers above lock posts against writes until this migration commits, so no post written
-- meanwhile can miss its row. The keys are built after the rows: one sort instead of a million
-- index insertions and foreign-key lookups.
INSERT INTO "post_search_texts" ("post_id", "text") SELECT "id", "agora_search_text"("content") FROM "posts";
ALTER TABLE "post_search_texts" ADD CONSTRAINT "post_search_texts_pkey" PRIMARY KEY ("post_id");
ALTER TABLE "post_search_texts" ADD CONSTRAINT "post_search_texts_post_id_fkey"
  FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
