-- Quoted phrases at size. The GIN index over posts.search_vector knows which posts hold each word
-- but not where, so a phrase of two common words ("ledger pruning") made PostgreSQL fetch and
-- recheck every post holding both words, a number that grows with the forum (335 heap rows for
-- 162 matches at 1M posts). Indexing each post's adjacent word pairs ("ledger prune") finds the
-- posts that hold the pair itself; the phrase is still checked exactly on those rows.

-- A vector's adjacent lexeme pairs, each as one lexeme "first second" (from the positions the
-- vector keeps, so stop words and punctuation count exactly as they do for PostgreSQL's phrase match).
CREATE FUNCTION "agora_search_bigrams"("p_vector" tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_to_tsvector(array_agg(DISTINCT "a"."lexeme" || ' ' || "b"."lexeme")), ''::tsvector)
  FROM (SELECT "u"."lexeme", unnest("u"."positions") AS "pos" FROM unnest("p_vector") AS "u") AS "a"
  JOIN (SELECT "u"."lexeme", unnest("u"."positions") AS "pos" FROM unnest("p_vector") AS "u") AS "b" ON "b"."pos" = "a"."pos" + 1
$$;

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

CREATE INDEX "posts_search_bigrams_idx" ON "posts" USING gin ("agora_search_bigrams"("search_vector")) WHERE "deleted" = 0;
