-- Group access: open event streams of a group's threads re-check their reader when who may read
-- it changes: a membership ends (leave, ban, the gate) or the group's visibility changes. One
-- event per group and statement on topic 'access:<group_id>'; streams never pass it on to clients.
--
-- table (operation)                    | keeps up to date | bumps | emits
-- group_members (delete; per statement)| -                | -     | access:<group_id> access, once per group
-- groups (update of visibility; row)   | -                | -     | access:<group_id> access
--
-- Lock order: group_members / groups → live_events (agora_publish, live-events.sql).

CREATE FUNCTION "agora_publish_member_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed RECORD;
BEGIN
  FOR changed IN SELECT DISTINCT "group_id" FROM "old_rows" LOOP
    PERFORM "agora_publish"('access:' || changed."group_id", 'access', '{}'::jsonb);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER "group_members_publish_access" AFTER DELETE ON "group_members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_publish_member_access"();

CREATE FUNCTION "agora_publish_visibility_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agora_publish"('access:' || NEW."id", 'access', '{}'::jsonb);
  RETURN NULL;
END $$;

CREATE TRIGGER "groups_publish_access" AFTER UPDATE OF "visibility" ON "groups"
  FOR EACH ROW WHEN (OLD."visibility" IS DISTINCT FROM NEW."visibility") EXECUTE FUNCTION "agora_publish_visibility_access"();
