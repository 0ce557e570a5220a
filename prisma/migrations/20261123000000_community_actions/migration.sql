-- Contract section 12: locks, reports, bans and the modlog.

ALTER TABLE "threads" ADD COLUMN "is_locked" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "posts" ADD COLUMN "edited_at" TIMESTAMPTZ(6);
ALTER TABLE "posts" ADD COLUMN "deleted_at" TIMESTAMPTZ(6);
ALTER TABLE "posts" ADD COLUMN "delete_reason" TEXT NOT NULL DEFAULT '';

CREATE TABLE "post_reports" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "reporter_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'open',
    "resolution" TEXT,
    "resolved_by_id" INTEGER,
    "resolved_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_reports_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "post_reports_post_id_reporter_id_key" ON "post_reports"("post_id", "reporter_id");
CREATE INDEX "post_reports_group_id_status_id_idx" ON "post_reports"("group_id", "status", "id" DESC);
CREATE INDEX "post_reports_reporter_id_idx" ON "post_reports"("reporter_id");
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "group_bans" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "banned_by_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "until" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_bans_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "group_bans_group_id_user_id_key" ON "group_bans"("group_id", "user_id");
CREATE INDEX "group_bans_user_id_idx" ON "group_bans"("user_id");
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_banned_by_id_fkey" FOREIGN KEY ("banned_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "modlog_entries" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "moderator_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "modlog_entries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "modlog_entries_group_id_id_idx" ON "modlog_entries"("group_id", "id" DESC);
ALTER TABLE "modlog_entries" ADD CONSTRAINT "modlog_entries_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "modlog_entries" ADD CONSTRAINT "modlog_entries_moderator_id_fkey" FOREIGN KEY ("moderator_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
