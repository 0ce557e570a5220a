-- Read versions: what a cached answer was built from (docs/architecture.md, "Caches keyed by read
-- versions"). A cached answer is served only while the versions it was built from are unchanged.
-- Statement-level triggers with transition tables move each version once per statement, so no
-- write path (a service, a script, SQL by hand) can forget one, and a bulk write moves it once.
--
-- table (operation)                        | keeps up to date                                      | bumps                                   | emits
-- threads, groups (update; row, before)    | the row's own version, unless the statement set it    | threads / groups.cache_version          | -
-- posts, thread_tags (insert/update/delete)| their threads' versions                               | threads.cache_version                   | -
-- attachments (any; per row)               | its thread's version (directly or through its post)   | threads.cache_version                   | -
-- threads (insert/delete)                  | their groups' versions                                | groups.cache_version, frame_version     | -
-- threads (update)                         | the slot of each thread in its group's tallies: the   | group_tallies.cache_version (and        | -
--                                          | group's version, and posts_count by the thread's      | groups.cache_version, frame_version     |
--                                          | change of posts_count; the frame (the group's row)    | for a frame change)                     |
--                                          | when a pinned thread's pin, title, category, time or  |                                         |
--                                          | removal moves                                         |                                         |
-- categories (any)                         | their groups' versions                                | groups.cache_version                    | -
-- group_features (any)                     | their groups' versions and frames (a feature off      | groups.cache_version, frame_version     | -
--                                          | empties fields of every thread's answer)              |                                         |
-- tags (any; not a change of thread_count  | their groups' versions (get group info lists them);   | groups.cache_version                    | -
--   alone)                                 | a count moves with a thread write that moves them     |                                         |
-- group_bans, group_admins (any)           | their groups' versions and frames                     | groups.cache_version, frame_version     | -
-- badges, user_badges, user_titles (any)   | their groups' versions and frames (badges and titles  | groups.cache_version, frame_version     | -
--                                          | show beside every post of the holder in the group)    |                                         |
-- users (update)                           | the users epoch, only when name, avatar or NFT mark   | cache_epochs.users_version              | -
--                                          | change (not presence or counters)                     |                                         |
--
-- Lock order: posts, thread_tags, attachments → threads → groups → group_tallies; users →
-- cache_epochs. The chain: a post's write updates its thread, and that update fires
-- threads_bump_group_upd, which moves the thread's slot of its group's tallies (and the group's row
-- only for a frame change, before the slot). Writers in different threads of one group take
-- different slots (thread_id % 16), so they do not wait on one row. Every write path takes its
-- rows in this order, so the triggers add no new cycle. Tags come after groups: a thread's write
-- takes its tags (FOR KEY SHARE, then their counts) after its thread and group; a tag admin's write
-- takes the group's row, then its tags, and a deletion the tagged threads before both.

-- A row's own update moves its version unless the statement already set it.
CREATE FUNCTION "agora_bump_own_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cache_version" = OLD."cache_version" THEN
    NEW."cache_version" := OLD."cache_version" + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "threads_bump_own_version" BEFORE UPDATE ON "threads" FOR EACH ROW EXECUTE FUNCTION "agora_bump_own_version"();

CREATE TRIGGER "groups_bump_own_version" BEFORE UPDATE ON "groups" FOR EACH ROW EXECUTE FUNCTION "agora_bump_own_version"();

-- Rows that carry a thread_id (posts, thread_tags): their thread's version moves.
CREATE FUNCTION "agora_bump_thread_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "threads" SET "cache_version" = "cache_version" + 1 WHERE "id" IN (SELECT DISTINCT "thread_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "threads" SET "cache_version" = "cache_version" + 1 WHERE "id" IN (SELECT DISTINCT "thread_id" FROM "old_rows");
  ELSE
    UPDATE "threads" SET "cache_version" = "cache_version" + 1
    WHERE "id" IN (SELECT "thread_id" FROM "new_rows" UNION SELECT "thread_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;

-- Attachments name their thread directly or through their post (row by row: they are few).
CREATE FUNCTION "agora_bump_attachment_thread_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "attachments";
BEGIN
  FOR changed IN SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).* UNION ALL SELECT (CASE WHEN TG_OP = 'UPDATE' THEN OLD END).* LOOP
    CONTINUE WHEN changed."id" IS NULL;
    UPDATE "threads" SET "cache_version" = "cache_version" + 1
    WHERE "id" = COALESCE(changed."thread_id", (SELECT p."thread_id" FROM "posts" p WHERE p."id" = changed."post_id"));
  END LOOP;
  RETURN NULL;
END $$;

-- Rows that carry a group_id (threads, categories, bans, roles, features): their group's version
-- moves; for bans and roles (and pinned threads, below) the frame version too.
CREATE FUNCTION "agora_bump_group_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  frame BOOLEAN := COALESCE(TG_ARGV[0] = 'frame', false);
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "groups" SET "cache_version" = "cache_version" + 1, "frame_version" = "frame_version" + frame::int
    WHERE "id" IN (SELECT DISTINCT "group_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "groups" SET "cache_version" = "cache_version" + 1, "frame_version" = "frame_version" + frame::int
    WHERE "id" IN (SELECT DISTINCT "group_id" FROM "old_rows");
  ELSE
    UPDATE "groups" SET "cache_version" = "cache_version" + 1, "frame_version" = "frame_version" + frame::int
    WHERE "id" IN (SELECT "group_id" FROM "new_rows" UNION SELECT "group_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;

-- Threads: an update moves the thread's slot of its group's tallies (group_tallies, slot
-- thread_id % 16): the group's version there, and its posts_count by the thread's change of
-- posts_count, so the group's row is not one row every writer in the group waits on. A change that
-- shows in the group's pinned list (a pin, or a pinned thread's title, category, time or removal)
-- or moves a thread to another group moves the frame version (the group's row) first. Inserts and
-- deletes (rare, and they move threads_count on the row anyway) move the group's row.
CREATE FUNCTION "agora_bump_thread_group_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "groups" g SET "cache_version" = g."cache_version" + 1,
      "frame_version" = g."frame_version" + (SELECT (bool_or(n."is_pin" > 0))::int FROM "new_rows" n WHERE n."group_id" = g."id")
    WHERE g."id" IN (SELECT DISTINCT "group_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "groups" g SET "cache_version" = g."cache_version" + 1,
      "frame_version" = g."frame_version" + (SELECT (bool_or(o."is_pin" > 0))::int FROM "old_rows" o WHERE o."group_id" = g."id")
    WHERE g."id" IN (SELECT DISTINCT "group_id" FROM "old_rows");
  ELSE
    UPDATE "groups" g SET "cache_version" = g."cache_version" + 1, "frame_version" = g."frame_version" + 1
    WHERE g."id" IN (
      SELECT unnest(ARRAY[n."group_id", o."group_id"]) FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."group_id" IS DISTINCT FROM o."group_id"
         OR ((n."is_pin" > 0 OR o."is_pin" > 0) AND (n."is_pin", n."title", n."category_id", n."updated_at", n."is_delete")
             IS DISTINCT FROM (o."is_pin", o."title", o."category_id", o."updated_at", o."is_delete")));
    -- A thread that moved takes its posts out of the old group's tallies and into the new one's.
    INSERT INTO "group_tallies" AS gt ("group_id", "slot", "posts_count", "cache_version")
    SELECT c."group_id", c."slot", sum(c."posts")::int, 1 FROM (
      SELECT n."group_id", (n."id" % 16)::smallint AS "slot", n."posts_count" - CASE WHEN n."group_id" = o."group_id" THEN o."posts_count" ELSE 0 END AS "posts"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      UNION ALL
      SELECT o."group_id", (o."id" % 16)::smallint, -o."posts_count"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."group_id" <> o."group_id"
    ) c
    GROUP BY c."group_id", c."slot" ORDER BY c."group_id", c."slot"
    ON CONFLICT ("group_id", "slot") DO UPDATE SET "posts_count" = gt."posts_count" + excluded."posts_count", "cache_version" = gt."cache_version" + 1;
  END IF;
  RETURN NULL;
END $$;

-- Tags: what get group info and the pages show of a group's tags. A change of thread_count alone
-- comes with a write to thread_tags or threads, which moves the group's version through its
-- threads, so it does not take the group's row again.
CREATE FUNCTION "agora_bump_tag_group_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "groups" SET "cache_version" = "cache_version" + 1 WHERE "id" IN (SELECT DISTINCT "group_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "groups" SET "cache_version" = "cache_version" + 1 WHERE "id" IN (SELECT DISTINCT "group_id" FROM "old_rows");
  ELSE
    UPDATE "groups" SET "cache_version" = "cache_version" + 1
    WHERE "id" IN (
      SELECT unnest(ARRAY[n."group_id", o."group_id"]) FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."group_id", n."name", n."color", n."description", n."restricted", n."order")
        IS DISTINCT FROM (o."group_id", o."name", o."color", o."description", o."restricted", o."order"));
  END IF;
  RETURN NULL;
END $$;

-- Users: only what other people see of them (name, avatar, NFT mark) moves the epoch; presence
-- (last_seen_at) and counters do not.
CREATE FUNCTION "agora_bump_users_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."username", n."photo_url", n."is_nft") IS DISTINCT FROM (o."username", o."photo_url", o."is_nft")
  ) THEN
    UPDATE "cache_epochs" SET "users_version" = "users_version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "posts_bump_thread_ins" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();
CREATE TRIGGER "posts_bump_thread_upd" AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();
CREATE TRIGGER "posts_bump_thread_del" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();
CREATE TRIGGER "thread_tags_bump_thread_ins" AFTER INSERT ON "thread_tags" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();
CREATE TRIGGER "thread_tags_bump_thread_upd" AFTER UPDATE ON "thread_tags" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();
CREATE TRIGGER "thread_tags_bump_thread_del" AFTER DELETE ON "thread_tags" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_versions"();

CREATE TRIGGER "attachments_bump_thread" AFTER INSERT OR UPDATE OR DELETE ON "attachments" FOR EACH ROW EXECUTE FUNCTION "agora_bump_attachment_thread_version"();

CREATE TRIGGER "threads_bump_group_ins" AFTER INSERT ON "threads" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_group_versions"();
CREATE TRIGGER "threads_bump_group_upd" AFTER UPDATE ON "threads" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_group_versions"();
CREATE TRIGGER "threads_bump_group_del" AFTER DELETE ON "threads" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_thread_group_versions"();

CREATE TRIGGER "categories_bump_group_ins" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"();
CREATE TRIGGER "categories_bump_group_upd" AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"();
CREATE TRIGGER "categories_bump_group_del" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"();
CREATE TRIGGER "tags_bump_group_ins" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_tag_group_versions"();
CREATE TRIGGER "tags_bump_group_upd" AFTER UPDATE ON "tags" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_tag_group_versions"();
CREATE TRIGGER "tags_bump_group_del" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_tag_group_versions"();
CREATE TRIGGER "group_features_bump_group_ins" AFTER INSERT ON "group_features" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_features_bump_group_upd" AFTER UPDATE ON "group_features" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_features_bump_group_del" AFTER DELETE ON "group_features" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_bans_bump_group_ins" AFTER INSERT ON "group_bans" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_bans_bump_group_upd" AFTER UPDATE ON "group_bans" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_bans_bump_group_del" AFTER DELETE ON "group_bans" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_admins_bump_group_ins" AFTER INSERT ON "group_admins" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_admins_bump_group_upd" AFTER UPDATE ON "group_admins" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "group_admins_bump_group_del" AFTER DELETE ON "group_admins" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');

CREATE TRIGGER "badges_bump_group_ins" AFTER INSERT ON "badges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "badges_bump_group_upd" AFTER UPDATE ON "badges" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "badges_bump_group_del" AFTER DELETE ON "badges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_badges_bump_group_ins" AFTER INSERT ON "user_badges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_badges_bump_group_upd" AFTER UPDATE ON "user_badges" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_badges_bump_group_del" AFTER DELETE ON "user_badges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_titles_bump_group_ins" AFTER INSERT ON "user_titles" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_titles_bump_group_upd" AFTER UPDATE ON "user_titles" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');
CREATE TRIGGER "user_titles_bump_group_del" AFTER DELETE ON "user_titles" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_group_versions"('frame');

CREATE TRIGGER "users_bump_epoch" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_bump_users_epoch"();
