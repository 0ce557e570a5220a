-- Membership, join requests, invitations, private and hidden groups, token gates (contract section 14).

-- Members stay in group_members (its rows are who may read a private group). gate_checked_at: when
-- the member's token gate last held for them, so a write re-checks it once that is over 10 minutes old.
ALTER TABLE "group_members" ADD COLUMN "gate_checked_at" TIMESTAMPTZ(6);

-- Pending requests to join a group with joining 1: one per person and group; approval turns it
-- into a group_members row, rejection deletes it (they may ask again).
CREATE TABLE "group_join_requests" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_join_requests_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "group_join_requests_group_id_user_id_key" ON "group_join_requests"("group_id", "user_id");
CREATE INDEX "group_join_requests_user_id_idx" ON "group_join_requests"("user_id");
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invitations by a moderator: open until used or expired (14 days).
CREATE TABLE "group_invites" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "invited_by_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_invites_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "group_invites_group_id_user_id_idx" ON "group_invites"("group_id", "user_id");
CREATE INDEX "group_invites_user_id_idx" ON "group_invites"("user_id");
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The token gate: {logic: "all" | "any", rules: [...]}; null when the group has none.
ALTER TABLE "groups" ADD COLUMN "gate" JSONB;

-- Membership notifications name a group and no thread or post.
ALTER TABLE "notifications" ALTER COLUMN "thread_id" DROP NOT NULL;
ALTER TABLE "notifications" ALTER COLUMN "post_id" DROP NOT NULL;
ALTER TABLE "notifications" ADD COLUMN "group_id" INTEGER;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A removal by the gate has no moderator.
ALTER TABLE "modlog_entries" ALTER COLUMN "moderator_id" DROP NOT NULL;

-- Open event streams of a group's threads re-check their reader when who may read it changes: a
-- membership ends (leave, ban, the gate) or the group's visibility changes. One event per group
-- and statement on topic 'access:<group_id>'; streams never pass it on to clients.
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
