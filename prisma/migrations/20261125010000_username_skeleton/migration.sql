-- The confusable skeleton of each username (Unicode TR39; lib/auth/username-skeleton.ts): two
-- names that look alike share it, and the unique index refuses the second. It needs Unicode's
-- confusables table, so existing rows are filled by the application at start
-- (backfillUsernameSkeletons, oldest user first); a user whose name already looked like an
-- older user's keeps the name and a NULL skeleton.
ALTER TABLE "users" ADD COLUMN "username_skeleton" TEXT;

CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users"("username_skeleton");
