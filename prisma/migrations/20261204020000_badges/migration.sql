-- Badges and titles (contract section 19). A group's badges, who holds them (with the badge's
-- group copied, so a page's authors' newest badges in a group read from one index) and the badge
-- each member shows as their title. Grants by rule are made by prisma/derived/badges.sql.
CREATE TABLE "badges" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "image_url" TEXT NOT NULL,
    "origin_url" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "rule" JSONB,
    "token" JSONB,
    "allow_title" BOOLEAN NOT NULL DEFAULT false,
    "grant_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "badges_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "badges_group_id_id_idx" ON "badges"("group_id", "id");

CREATE TABLE "user_badges" (
    "badge_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "granted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "granted_by" INTEGER,
    "reason" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "user_badges_pkey" PRIMARY KEY ("badge_id", "user_id")
);

CREATE INDEX "user_badges_group_id_user_id_granted_at_idx" ON "user_badges"("group_id", "user_id", "granted_at" DESC);
CREATE INDEX "user_badges_user_id_granted_at_idx" ON "user_badges"("user_id", "granted_at" DESC);

CREATE TABLE "user_titles" (
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "badge_id" INTEGER NOT NULL,

    CONSTRAINT "user_titles_pkey" PRIMARY KEY ("group_id", "user_id")
);

CREATE UNIQUE INDEX "user_titles_badge_id_user_id_key" ON "user_titles"("badge_id", "user_id");

ALTER TABLE "badges" ADD CONSTRAINT "badges_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_fkey" FOREIGN KEY ("badge_id") REFERENCES "badges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_titles" ADD CONSTRAINT "user_titles_badge_id_user_id_fkey" FOREIGN KEY ("badge_id", "user_id") REFERENCES "user_badges"("badge_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;
