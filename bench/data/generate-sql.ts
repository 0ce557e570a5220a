// The generator's SQL: one INSERT ... SELECT per table, every counter and pointer computed from
// the same planned rows, so the data looks as if the app's own writes had made it (see
// lib/services/posts.ts insertPost, threads.ts createThread, groups.ts createGroup, likes.ts).
//
// Plan first, write second: temporary tables hold the planned threads and posts (with their
// position k in the thread, author, time and like count); the real tables are then filled from
// them in one statement each, with counters aggregated from the plan instead of UPDATE passes.
import { GROUP_FEATURE_NAMES } from "@/lib/schemas/group-feature-schemas";
import { CATEGORY_NAMES, SENTENCES, TOPICS, VOCABULARY } from "./generate-words";
import type { Scale } from "./scales";

export interface Step {
  label: string;
  sql: string;
}

/** Optional parts of the schema, filled only when a migration has added them. */
export interface SchemaFeatures {
  threadParticipants: boolean;
  participantsCount: boolean;
  /** posts.content_html: the HTML the app renders at write time (one plain paragraph here). */
  postContentHtml: boolean;
  /** threads.search_vector: kept by triggers, which the load skips, so it is filled after the posts. */
  threadSearchVector: boolean;
  /** post_search_texts: written by a trigger on posts, which the load skips, so it is filled after them. */
  postSearchTexts: boolean;
  /** thread_activity and thread_reads (migration 20261201010000_feeds): what posts and likes leave for the feeds. */
  feeds: boolean;
  /** thread_rankings (migration 20261201050000_thread_rankings): the top and hot orders, which a trigger keeps and the load skips. */
  rankings: boolean;
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlTextArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(", ")}]`;

/**
 * The reply pattern inside a thread, by position k (0 is the first post). Positions repeat in
 * blocks of 8 from k = 1: slots 0, 1 and 6 are top-level posts; slot 2 answers slot 1, slot 3
 * answers slot 2 and slot 4 answers slot 3 (a chain 3 deep); slot 5 answers slot 1 and slot 7
 * answers slot 0. Parents always come earlier, so root and depth follow by arithmetic.
 */
const SLOT = "((k - 1) % 8)";
const PARENT_K = `CASE WHEN k = 0 THEN NULL ELSE CASE ${SLOT} WHEN 2 THEN k - 1 WHEN 3 THEN k - 1 WHEN 4 THEN k - 1 WHEN 5 THEN k - 4 WHEN 7 THEN k - 7 END END`;
const ROOT_K = `CASE WHEN k = 0 THEN NULL ELSE CASE ${SLOT} WHEN 2 THEN k - 1 WHEN 3 THEN k - 2 WHEN 4 THEN k - 3 WHEN 5 THEN k - 4 WHEN 7 THEN k - 7 END END`;
const DEPTH = `CASE WHEN k = 0 THEN 0 ELSE CASE ${SLOT} WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 4 THEN 3 WHEN 5 THEN 1 WHEN 7 THEN 1 ELSE 0 END END`;

export function generationSteps(scale: Scale, now: Date, schema: SchemaFeatures): Step[] {
  const NOW = `${sqlText(now.toISOString())}::timestamptz`;
  const { users: U, groups: G, threads: T, categoriesPerGroup: C } = scale;
  // Authors are skewed towards low user ids, as real forums have a few very active members.
  const randomUser = `(1 + floor(${U} * power(random(), 1.5))::int)`;
  const owner = (group: string) => `((((${group}) - 1) * 97) % ${U} + 1)`;
  const steps: Step[] = [];
  const add = (label: string, sql: string) => steps.push({ label, sql });

  // Threads: the huge one is s = 1 (group 2, started 60 days ago, active until hours ago); the
  // others start uniformly over the last 60 days and stay active for a random share of the
  // time since. Ids follow creation time, as they would on a live forum.
  add(
    "plan threads",
    `
    CREATE TEMP TABLE bench_threads ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY created_at, s))::int AS id, s, group_id,
           (group_id - 1) * ${C} + cat_slot + 1 AS category_id, user_id, n_posts, created_at,
           (${NOW} - created_at) * span_r AS span, CASE WHEN s % 500 = 7 THEN 1 ELSE 0 END AS is_pin
    FROM (
      SELECT s,
             CASE WHEN s = 1 THEN 2 WHEN r_group < ${scale.bigGroupShare} THEN 1 ELSE 2 + floor(random() * ${G - 1})::int END AS group_id,
             floor(random() * ${C})::int AS cat_slot,
             ${randomUser} AS user_id,
             CASE WHEN s = 1 THEN ${scale.hugeThreadReplies + 1}
                  ELSE 1 + least(floor(-ln(1 - random()) * ${scale.meanPostsPerThread - 0.5})::int, 2000) END AS n_posts,
             ${NOW} - interval '60 days' + interval '60 days' * CASE WHEN s = 1 THEN 0.005 ELSE random() * 0.99 END AS created_at,
             CASE WHEN s = 1 THEN 0.995 ELSE random() END AS span_r
      FROM (SELECT s, random() AS r_group FROM generate_series(1, ${T}) AS s) base
    ) planned`,
  );

  // Posts: k = 0 is the thread's first post (by the thread's author); the rest are spread evenly
  // over the thread's active span. Ids follow time across the whole forum.
  add(
    "plan posts",
    `
    CREATE TEMP TABLE bench_posts ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY created_at, thread_id, k))::int AS id, *
    FROM (
      SELECT t.id AS thread_id, t.group_id, k,
             CASE WHEN k = 0 THEN t.user_id ELSE ${randomUser} END AS user_id,
             t.created_at + CASE WHEN t.n_posts > 1 THEN t.span * (k::float8 / (t.n_posts - 1)) ELSE interval '0' END AS created_at,
             ${PARENT_K} AS parent_k, ${ROOT_K} AS root_k, ${DEPTH} AS depth,
             floor(6 * power(random(), 10))::int AS n_likes
      FROM bench_threads t CROSS JOIN LATERAL generate_series(0, t.n_posts - 1) AS k
    ) planned`,
  );
  add(
    "plan per-thread figures",
    `
    CREATE TEMP TABLE bench_thread_stats ON COMMIT DROP AS
    SELECT thread_id, min(id) AS first_id, max(id) AS last_id, count(*)::int AS posts,
           (count(*) FILTER (WHERE parent_k IS NULL AND k > 0))::int AS first_level,
           sum(n_likes)::int AS likes, max(created_at) AS last_at
    FROM bench_posts GROUP BY thread_id`,
  );
  // Every author is subscribed to the thread and is a member of the group (insertPost);
  // owners are members from the start (createGroup).
  add(
    "plan participants",
    `
    CREATE TEMP TABLE bench_participants ON COMMIT DROP AS
    SELECT thread_id, user_id, min(created_at) AS created_at FROM bench_posts GROUP BY thread_id, user_id`,
  );
  add(
    "plan members",
    `
    CREATE TEMP TABLE bench_members ON COMMIT DROP AS
    SELECT group_id, user_id, min(created_at) AS created_at FROM (
      SELECT group_id, user_id, created_at FROM bench_posts
      UNION ALL
      SELECT g, ${owner("g")}, ${NOW} - interval '61 days' FROM generate_series(1, ${G}) AS g
    ) joined GROUP BY group_id, user_id`,
  );
  add("analyze plan", `ANALYZE bench_threads, bench_posts, bench_thread_stats, bench_participants, bench_members`);

  add(
    "users",
    `
    INSERT INTO users (id, username, username_key, widget_secret, posts_count, likes_count, last_post_at, last_seen_at, created_at, updated_at)
    SELECT u, 'User' || u, 'user' || u, md5(random()::text) || substr(md5(random()::text), 1, 16),
           coalesce(a.posts, 0), coalesce(a.likes, 0), a.last_at, a.last_at,
           ${NOW} - interval '61 days' + u * interval '1 second', coalesce(a.last_at, ${NOW} - interval '61 days')
    FROM generate_series(1, ${U}) AS u
    LEFT JOIN (SELECT user_id, count(*)::int AS posts, sum(n_likes)::int AS likes, max(created_at) AS last_at FROM bench_posts GROUP BY user_id) a
      ON a.user_id = u`,
  );
  // Type 5 (EVM) addresses: 0x + 40 lower-case hex, unique by the id in the first 8.
  add(
    "wallets",
    `
    INSERT INTO wallets (id, user_id, type, address, created_at)
    SELECT u, u, 5, '0x' || lpad(to_hex(u), 8, '0') || md5('wallet' || u), ${NOW} - interval '61 days' + u * interval '1 second'
    FROM generate_series(1, ${U}) AS u`,
  );
  add(
    "groups",
    `
    INSERT INTO groups (id, name, title, description, owner_id, settings, members_count, threads_count, posts_count, last_activity_at, created_at, updated_at)
    SELECT g, 'bench-group-' || g, 'Bench group ' || g, 'Generated community ' || g || ' for the load benchmark.', ${owner("g")},
           '{"layout_type": "forum", "show_link_preview": "1", "show_poll_cate": "0"}'::jsonb,
           coalesce(m.members, 0), coalesce(s.threads, 0), coalesce(s.posts, 0), coalesce(s.last_at, ${NOW} - interval '61 days'),
           ${NOW} - interval '61 days', ${NOW} - interval '61 days'
    FROM generate_series(1, ${G}) AS g
    LEFT JOIN (
      SELECT t.group_id, count(*)::int AS threads, sum(ts.posts)::int AS posts, max(ts.last_at) AS last_at
      FROM bench_threads t JOIN bench_thread_stats ts ON ts.thread_id = t.id GROUP BY t.group_id
    ) s ON s.group_id = g
    LEFT JOIN (SELECT group_id, count(*)::int AS members FROM bench_members GROUP BY group_id) m ON m.group_id = g`,
  );
  add(
    "group_features",
    `
    INSERT INTO group_features (group_id, feature_name, is_setting, status)
    SELECT g, feature, 0, CASE WHEN feature IN ('subscription', 'discordsettings') THEN 0 ELSE 1 END FROM generate_series(1, ${G}) AS g, unnest(${sqlTextArray(GROUP_FEATURE_NAMES)}) AS feature`,
  );
  add(
    "group_admins",
    `
    INSERT INTO group_admins (group_id, user_id, level, created_at, updated_at)
    SELECT g, ${owner("g")}, 1, ${NOW} - interval '61 days', ${NOW} - interval '61 days' FROM generate_series(1, ${G}) AS g`,
  );
  add(
    "categories",
    `
    INSERT INTO categories (id, group_id, name, "order", created_at, updated_at)
    SELECT (g - 1) * ${C} + c + 1, g, (${sqlTextArray(CATEGORY_NAMES)})[1 + c % ${CATEGORY_NAMES.length}], c,
           ${NOW} - interval '61 days', ${NOW} - interval '61 days'
    FROM generate_series(1, ${G}) AS g, generate_series(0, ${C - 1}) AS c`,
  );
  add(
    "group_members",
    `
    INSERT INTO group_members (group_id, user_id, created_at) SELECT group_id, user_id, created_at FROM bench_members`,
  );

  const participants = schema.participantsCount ? ", participants_count" : "";
  const participantsValue = schema.participantsCount ? ", p.n" : "";
  const participantsJoin = schema.participantsCount
    ? "JOIN (SELECT thread_id, count(*)::int AS n FROM bench_participants GROUP BY thread_id) p ON p.thread_id = t.id"
    : "";
  add(
    "threads",
    `
    INSERT INTO threads (id, group_id, category_id, user_id, title, slug, first_post_id, last_post_id, last_post_user_id,
                         posts_count, first_level_count, likes_count, is_pin, last_activity_at, created_at, updated_at${participants})
    SELECT t.id, t.group_id, t.category_id, t.user_id, titled.title,
           trim(both '-' FROM regexp_replace(lower(titled.title), '[^a-z0-9]+', '-', 'g')),
           s.first_id, s.last_id, last_post.user_id, s.posts, s.first_level, s.likes, t.is_pin, s.last_at, t.created_at, s.last_at${participantsValue}
    FROM bench_threads t
    JOIN bench_thread_stats s ON s.thread_id = t.id
    JOIN bench_posts last_post ON last_post.id = s.last_id
    ${participantsJoin}
    CROSS JOIN LATERAL (SELECT CASE WHEN t.s = 1 THEN 'Megathread ' || t.id || ': everything in one place'
                                    ELSE 'Thread ' || t.id || ': ' || (${sqlTextArray(TOPICS)})[1 + t.id % ${TOPICS.length}] END AS title) titled`,
  );

  // Content is a Quill delta as the app stores it (JSON of the ops, ending in a newline), with the
  // HTML the app would render for it: one paragraph (the sentences hold no character to escape).
  const sentence = (index: string) => `(${sqlTextArray(SENTENCES)})[1 + (${index}) % ${SENTENCES.length}]`;
  const vocabulary = (index: string) => `(${sqlTextArray(VOCABULARY)})[1 + (${index}) % ${VOCABULARY.length}]`;
  // Two independent hashes of the id, so every ordered pair of words occurs (about 1 post in 6,400).
  const hash = (salt: string) => `('x' || substr(md5('${salt}' || c.id), 1, 7))::bit(28)::int`;
  const aside = `' Notes on ' || ${vocabulary(hash("a"))} || ' ' || ${vocabulary(hash("b"))} || '.'`;
  const html = schema.postContentHtml ? ", content_html" : "";
  const htmlValue = schema.postContentHtml ? ", '<p>' || body.text || '</p>'" : "";
  add(
    "posts",
    `
    INSERT INTO posts (id, thread_id, group_id, user_id, parent_id, root_id, depth, content${html}, reply_uid,
                       children_count, likes_count, created_at, updated_at)
    SELECT c.id, c.thread_id, c.group_id, c.user_id, parent.id, root.id, c.depth,
           '[{"insert":"' || body.text || '\\n"}]'${htmlValue},
           coalesce(parent.user_id, 0), coalesce(children.n, 0), c.n_likes, c.created_at, c.created_at
    FROM bench_posts c
    CROSS JOIN LATERAL (SELECT CASE WHEN c.k = 0 THEN 'Opening post of thread ' || c.thread_id || '. ' || ${sentence("c.id")} || ' ' || ${sentence("c.id / 8")} || ' ' || ${sentence("c.id / 64")} || ${aside}
                                    ELSE 'Post ' || c.id || ' in thread ' || c.thread_id || '. ' || ${sentence("c.id")} || ' ' || ${sentence("c.id / 8")} || ${aside} END AS text) body
    LEFT JOIN bench_posts parent ON parent.thread_id = c.thread_id AND parent.k = c.parent_k
    LEFT JOIN bench_posts root ON root.thread_id = c.thread_id AND root.k = c.root_k
    LEFT JOIN (SELECT thread_id, parent_k, count(*)::int AS n FROM bench_posts WHERE parent_k IS NOT NULL GROUP BY thread_id, parent_k) children
      ON children.thread_id = c.thread_id AND children.parent_k = c.k`,
  );
  if (schema.postSearchTexts) {
    // ON CONFLICT: where the load cannot skip triggers (not a superuser), the trigger wrote them.
    add(
      "post search texts",
      `
    INSERT INTO post_search_texts (post_id, text) SELECT id, agora_search_text(content) FROM posts ON CONFLICT (post_id) DO NOTHING`,
    );
  }
  if (schema.threadSearchVector) {
    add("thread search vectors", `UPDATE threads SET search_vector = agora_thread_search_vector(title, first_post_id)`);
  }
  add(
    "subscriptions",
    `
    INSERT INTO subscriptions (user_id, thread_id, created_at) SELECT user_id, thread_id, created_at FROM bench_participants`,
  );
  if (schema.threadParticipants) {
    add("thread_participants", `INSERT INTO thread_participants (thread_id, user_id) SELECT thread_id, user_id FROM bench_participants`);
  }
  // Likes by distinct users per post: j * 104729 (a prime) never repeats modulo the user count.
  add(
    "post_likes",
    `
    INSERT INTO post_likes (post_id, user_id, created_at)
    SELECT c.id, ((c.id::bigint * 7919 + j * 104729) % ${U} + 1)::int, least(c.created_at + j * interval '1 hour', ${NOW})
    FROM bench_posts c CROSS JOIN LATERAL generate_series(1, c.n_likes) AS j
    WHERE c.n_likes > 0`,
  );
  if (schema.feeds) {
    // Posting moves its author's read mark to the post (lib/db/post-insert.ts): each participant's
    // mark is at their last post in the thread, with the thread's posts_count at that post.
    add(
      "thread_reads",
      `
    INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count, read_at)
    SELECT user_id, thread_id, max(id), max(k) + 1, max(created_at) FROM bench_posts GROUP BY user_id, thread_id`,
    );
    // Each post and each like counts on its UTC day, as the writes count them.
    add(
      "thread_activity",
      `
    INSERT INTO thread_activity (thread_id, day, score)
    SELECT thread_id, day, sum(n)::int FROM (
      SELECT thread_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM posts GROUP BY 1, 2
      UNION ALL
      SELECT p.thread_id, (l.created_at AT TIME ZONE 'UTC')::date, count(*) FROM post_likes l JOIN posts p ON p.id = l.post_id GROUP BY 1, 2
    ) a GROUP BY 1, 2`,
    );
  }
  if (schema.rankings) add("thread_rankings", "SELECT agora_rank_threads(ARRAY(SELECT DISTINCT thread_id FROM thread_activity), false)");
  return steps;
}
