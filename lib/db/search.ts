import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import { requiredPhrases } from "@/lib/search/phrases";
import { parseHeadline, type SnippetPart } from "@/lib/search/snippet";

/**
 * How many matches a search ranks: the newest this many, by id. A common word matches a tenth of
 * a large forum; ranking all of them on every request is what made search slow at size, while
 * the newest 1,000 are found by walking the primary key backwards (or the GIN index for rarer
 * words) and ranked in a few milliseconds. `total` is capped at it too.
 */
export const SEARCH_CANDIDATE_CAP = 1000;

// ts_headline marks matches with control characters no text keeps (agora_search_clean turns
// them into spaces), so escaping afterwards cannot be confused by what a post says.
const HEADLINE_OPTIONS = "StartSel=\u0001, StopSel=\u0002, MaxWords=35, MinWords=15";

export interface SearchQuery extends PageWindow {
  text: string;
  groupId: number | null;
  /** Only threads carrying this tag (and their posts); null: any. */
  tagId: number | null;
  /** Groups whose posts the reader may not see (contract section 14): left out of the candidates. */
  excludedGroupIds: number[];
}

/**
 * A post's text as the search sees it: stored when the post was written (post_search_texts,
 * migration 20261129020000_post_search_texts), so a page of hits does not parse each one's delta
 * again; agora_search_text(content) only for a row that is missing. A subquery rather than a join:
 * one more relation in the page's join costs more planning than the lookup it saves.
 */
const searchTextOf = (post: Prisma.Sql) =>
  Prisma.sql`COALESCE((SELECT st.text FROM post_search_texts st WHERE st.post_id = ${post}.id), agora_search_text(${post}.content))`;

/** Only the threads carrying the tag ("" for none). */
function withTag(threadId: Prisma.Sql, tagId: number | null): Prisma.Sql {
  return tagId === null ? Prisma.empty : Prisma.sql`AND EXISTS (SELECT 1 FROM thread_tags tt WHERE tt.thread_id = ${threadId} AND tt.tag_id = ${tagId})`;
}

/** Hits of these groups are left out ("" when there are none: the plan stays as it was). */
function outsideGroups(column: Prisma.Sql, ids: number[]): Prisma.Sql {
  return ids.length === 0 ? Prisma.empty : Prisma.sql`AND NOT (${column} = ANY(${ids}::int[]))`;
}

export interface SearchHit {
  kind: "thread" | "post";
  threadId: number;
  postId: number;
  groupId: number;
  groupName: string;
  groupTitle: string;
  threadSlug: string;
  title: string;
  snippet: SnippetPart[];
  score: number;
  createdAt: Date;
  user: { id: number; username: string; photoUrl: string };
}

export interface SearchPage {
  hits: SearchHit[];
  /** Matches, at most SEARCH_CANDIDATE_CAP. */
  total: number;
}

interface HitRow {
  total: number;
  score: number | null;
  thread_id: number | null;
  post_id: number | null;
  group_id: number;
  group_name: string;
  group_title: string;
  slug: string;
  title: string;
  headline: string;
  created_at: Date;
  user_id: number;
  username: string;
  photo_url: string;
}

const tsQuery = (text: string) => Prisma.sql`websearch_to_tsquery('english', ${text})`;

function reshapeHits(rows: HitRow[], kind: SearchHit["kind"]): SearchPage {
  const hits = rows.flatMap((row): SearchHit[] =>
    row.thread_id === null || row.post_id === null
      ? []
      : [
          {
            kind,
            threadId: row.thread_id,
            postId: row.post_id,
            groupId: row.group_id,
            groupName: row.group_name,
            groupTitle: row.group_title,
            threadSlug: row.slug || "thread",
            title: row.title,
            snippet: parseHeadline(row.headline),
            score: Number(row.score ?? 0),
            createdAt: row.created_at,
            user: { id: row.user_id, username: row.username, photoUrl: row.photo_url },
          },
        ],
  );
  return { hits, total: Number(rows[0]?.total ?? 0) };
}

/**
 * One statement around a query's candidates (`candidates`: id, created_at, search_vector, newest
 * first): the first SEARCH_CANDIDATE_CAP of them, the page of them ranked by ts_rank then recency,
 * and the page's columns through `hit` (the ranked row `r` joined to what it shows). The answer
 * always has one row, which carries the total even past the last page.
 */
async function rankPage(query: SearchQuery, candidates: Prisma.Sql, columns: Prisma.Sql, hit: Prisma.Sql): Promise<HitRow[]> {
  const db = await getDb();
  const q = tsQuery(query.text);
  return db.$queryRaw<HitRow[]>(Prisma.sql`
    WITH candidates AS (${candidates} LIMIT ${SEARCH_CANDIDATE_CAP}), ranked AS (
      SELECT id, created_at, ts_rank(search_vector, ${q}) AS score FROM candidates
      ORDER BY score DESC, created_at DESC, id DESC
      LIMIT ${query.take} OFFSET ${query.skip}
    )
    SELECT (SELECT count(*)::int FROM candidates) AS total, r.score, ${columns}
    FROM (SELECT 1) AS one
    LEFT JOIN (${hit}) ON true
    ORDER BY r.score DESC, r.created_at DESC, r.id DESC`);
}

/**
 * Posts whose text matches, newest SEARCH_CANDIDATE_CAP ranked, with snippets (ts_headline runs
 * for the page's rows only). A query with no searchable words (stop words, punctuation) has
 * numnode 0 and matches nothing.
 */
export async function searchPosts(query: SearchQuery): Promise<SearchPage> {
  const q = tsQuery(query.text);
  const inGroup = query.groupId === null ? Prisma.empty : Prisma.sql`AND p.group_id = ${query.groupId}`;
  const liveMatches = (match: Prisma.Sql) => Prisma.sql`SELECT p.id, p.created_at, p.search_vector
      -- Row by row (OFFSET 0 keeps the planner from hashing every thread for a few matches).
      FROM posts p CROSS JOIN LATERAL (SELECT 1 FROM threads t WHERE t.id = p.thread_id AND t.is_delete = 0 OFFSET 0) AS live
      WHERE numnode(${q}) > 0 AND p.deleted = 0 AND ${match} ${inGroup} ${withTag(Prisma.sql`p.thread_id`, query.tagId)} ${outsideGroups(Prisma.sql`p.group_id`, query.excludedGroupIds)}`;
  const phrases = requiredPhrases(query.text);
  // With quoted phrases, the posts holding their word pairs (one index lookup) are checked against
  // the whole query (ts_match_vq: not the word index again); phrases with no adjacent pair
  // (`"ledger of pruning"`) fall back to the words, and the other branch never runs. The pair
  // query is computed once, in a subquery kept apart by OFFSET 0: written at each use, the planner
  // folded the PL/pgSQL function once per use (about 0.2 ms each, a fifth of the statement's planning).
  const candidates =
    phrases.length === 0
      ? Prisma.sql`${liveMatches(Prisma.sql`p.search_vector @@ ${q}`)} ORDER BY p.id DESC`
      : Prisma.sql`SELECT matches.* FROM (SELECT agora_search_phrase_query(${phrases}::text[]) AS query OFFSET 0) AS pairs
        CROSS JOIN LATERAL (
          ${liveMatches(Prisma.sql`pairs.query IS NOT NULL AND agora_search_bigrams(p.search_vector) @@ pairs.query AND ts_match_vq(p.search_vector, ${q})`)}
          UNION ALL
          ${liveMatches(Prisma.sql`pairs.query IS NULL AND p.search_vector @@ ${q}`)}
        ) AS matches ORDER BY id DESC`;
  const rows = await rankPage(
    query,
    candidates,
    Prisma.sql`p.thread_id, p.id AS post_id, p.group_id, g.name AS group_name, g.title AS group_title, t.slug, t.title, p.created_at,
      u.id AS user_id, u.username, u.photo_url, ts_headline('english', ${searchTextOf(Prisma.sql`p`)}, ${q}, ${HEADLINE_OPTIONS}) AS headline`,
    Prisma.sql`ranked r
      JOIN posts p ON p.id = r.id
      JOIN threads t ON t.id = p.thread_id
      JOIN groups g ON g.id = p.group_id
      JOIN users u ON u.id = p.user_id`,
  );
  return reshapeHits(rows, "post");
}

/** As searchPosts, over threads (title and live opening post, one vector kept by triggers). */
export async function searchThreads(query: SearchQuery): Promise<SearchPage> {
  const q = tsQuery(query.text);
  const inGroup = query.groupId === null ? Prisma.empty : Prisma.sql`AND t.group_id = ${query.groupId}`;
  const rows = await rankPage(
    query,
    Prisma.sql`SELECT t.id, t.created_at, t.search_vector
      FROM threads t
      WHERE numnode(${q}) > 0 AND t.is_delete = 0 AND t.first_post_id IS NOT NULL AND t.search_vector @@ ${q} ${inGroup} ${withTag(Prisma.sql`t.id`, query.tagId)} ${outsideGroups(Prisma.sql`t.group_id`, query.excludedGroupIds)}
      ORDER BY t.id DESC`,
    Prisma.sql`t.id AS thread_id, t.first_post_id AS post_id, t.group_id, g.name AS group_name, g.title AS group_title, t.slug, t.title,
      t.created_at, u.id AS user_id, u.username, u.photo_url,
      ts_headline('english', CASE WHEN p.deleted = 0 THEN ${searchTextOf(Prisma.sql`p`)} ELSE agora_search_clean(t.title) END, ${q}, ${HEADLINE_OPTIONS}) AS headline`,
    Prisma.sql`ranked r
      JOIN threads t ON t.id = r.id
      JOIN posts p ON p.id = t.first_post_id
      JOIN groups g ON g.id = t.group_id
      JOIN users u ON u.id = t.user_id`,
  );
  return reshapeHits(rows, "thread");
}
