-- Rule badges (contract section 19): a group's `rule` badge ({metric, at_least}) is granted by the
-- write that makes a member qualify, and each grant notifies its holder (type 'badge'). The checks
-- run at commit (deferred, per row) so the grant's writes (badges.grant_count, the group's frame
-- version through user_badges' trigger in read-versions.sql) come after every row the write took,
-- in the lock order below. A group with no rule badge of the metric costs one index probe.
--
-- table (operation)                     | keeps up to date                                   | bumps                          | emits
-- posts (insert; per row, at commit)    | 'posts' badges of the author in the post's group   | (user_badges: group frame)     | user:<id> notification
-- threads (insert; per row, at commit)  | 'threads' badges of the author                     | (user_badges: group frame)     | user:<id> notification
-- post_likes (insert; per row, commit)  | 'likes_received' badges of the liked post's author | (user_badges: group frame)     | user:<id> notification
--
-- `days_member` badges are granted by the daily `grant-member-badges` job, and every metric for
-- members already qualifying when a badge is made, through agora_grant_rule_badges.
-- Lock order: posts / threads / post_likes → groups → user_badges → badges → notifications.

-- Whether the user has reached `at_least` of the metric in the group; counts stop at at_least.
CREATE FUNCTION "agora_badge_metric_reached"(p_group INT, p_user INT, p_metric TEXT, p_at_least INT) RETURNS BOOLEAN
LANGUAGE sql STABLE AS $$
  SELECT CASE p_metric
    WHEN 'posts' THEN (SELECT count(*) FROM (SELECT 1 FROM "posts" WHERE "user_id" = p_user AND "group_id" = p_group AND "deleted" = 0 LIMIT p_at_least) s) >= p_at_least
    WHEN 'threads' THEN (SELECT count(*) FROM (SELECT 1 FROM "threads" WHERE "user_id" = p_user AND "group_id" = p_group AND "is_delete" = 0 LIMIT p_at_least) s) >= p_at_least
    WHEN 'likes_received' THEN (SELECT count(*) FROM (
      SELECT 1 FROM "posts" p JOIN "post_likes" l ON l."post_id" = p."id"
      WHERE p."user_id" = p_user AND p."group_id" = p_group AND p."deleted" = 0 AND l."user_id" <> p_user LIMIT p_at_least) s) >= p_at_least
    WHEN 'days_member' THEN EXISTS (
      SELECT 1 FROM "group_members" m WHERE m."group_id" = p_group AND m."user_id" = p_user
        AND m."created_at" <= now() - make_interval(days => p_at_least))
    ELSE false
  END
$$;

-- Grants the group's rule badges of `p_metric` (every metric when null) to those of `p_users` who
-- qualify and do not hold them, moves grant_count and notifies each holder; answers how many.
-- Nothing while the group's `badges` feature is off.
CREATE FUNCTION "agora_grant_rule_badges"(p_group INT, p_users INT[], p_metric TEXT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  granted_count INT;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "badges" b WHERE b."group_id" = p_group AND b."kind" = 'rule' AND (p_metric IS NULL OR b."rule"->>'metric' = p_metric)
  ) OR EXISTS (
    SELECT 1 FROM "group_features" f WHERE f."group_id" = p_group AND f."feature_name" = 'badges' AND f."status" IS DISTINCT FROM 1
  ) THEN
    RETURN 0;
  END IF;
  WITH "granted" AS (
    INSERT INTO "user_badges" ("badge_id", "user_id", "group_id", "granted_at")
    SELECT b."id", u."id", b."group_id", now()
    FROM "badges" b CROSS JOIN unnest(p_users) AS u("id")
    WHERE b."group_id" = p_group AND b."kind" = 'rule' AND (p_metric IS NULL OR b."rule"->>'metric' = p_metric)
      AND NOT EXISTS (SELECT 1 FROM "user_badges" h WHERE h."badge_id" = b."id" AND h."user_id" = u."id")
      AND "agora_badge_metric_reached"(p_group, u."id", b."rule"->>'metric', GREATEST(1, (b."rule"->>'at_least')::int))
    ORDER BY b."id", u."id"
    ON CONFLICT DO NOTHING
    RETURNING "badge_id", "user_id", "group_id"
  ), "counted" AS (
    UPDATE "badges" b SET "grant_count" = b."grant_count" + c."n"
    FROM (SELECT "badge_id", count(*)::int AS "n" FROM "granted" GROUP BY "badge_id") c
    WHERE b."id" = c."badge_id"
  ), "notified" AS (
    INSERT INTO "notifications" ("user_id", "type", "thread_id", "post_id", "group_id", "actor_id", "count", "created_at", "updated_at")
    SELECT "user_id", 'badge', NULL, NULL, "group_id", NULL, 1, now(), now() FROM "granted" ORDER BY "user_id"
    RETURNING 1
  )
  SELECT count(*)::int INTO granted_count FROM "notified";
  RETURN granted_count;
END $$;

CREATE FUNCTION "agora_grant_badges_for_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agora_grant_rule_badges"(NEW."group_id", ARRAY[NEW."user_id"], 'posts');
  RETURN NULL;
END $$;

CREATE FUNCTION "agora_grant_badges_for_thread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agora_grant_rule_badges"(NEW."group_id", ARRAY[NEW."user_id"], 'threads');
  RETURN NULL;
END $$;

CREATE FUNCTION "agora_grant_badges_for_like"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  liked RECORD;
BEGIN
  SELECT p."group_id", p."user_id" INTO liked FROM "posts" p WHERE p."id" = NEW."post_id";
  IF FOUND AND liked."user_id" <> NEW."user_id" THEN
    PERFORM "agora_grant_rule_badges"(liked."group_id", ARRAY[liked."user_id"], 'likes_received');
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "posts_grant_badges" AFTER INSERT ON "posts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "agora_grant_badges_for_post"();
CREATE CONSTRAINT TRIGGER "threads_grant_badges" AFTER INSERT ON "threads" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "agora_grant_badges_for_thread"();
CREATE CONSTRAINT TRIGGER "post_likes_grant_badges" AFTER INSERT ON "post_likes" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "agora_grant_badges_for_like"();
