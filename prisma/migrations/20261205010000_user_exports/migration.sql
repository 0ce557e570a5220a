-- Contract section 20, exports: a user's latest export of their data (one row per user). Queued while
-- ready_at is null; ready until expires_at; the stored zip is under the upload storage's key
-- exports/<file_key>.zip until file_removed (the expire-user-exports job, or a newer export).
CREATE TABLE "user_exports" (
  "user_id" INTEGER PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "file_key" TEXT NOT NULL,
  "requested_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
  "ready_at" TIMESTAMPTZ(6),
  "expires_at" TIMESTAMPTZ(6),
  "size" BIGINT,
  "file_removed" BOOLEAN NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX "user_exports_file_key_key" ON "user_exports"("file_key");
CREATE INDEX "user_exports_expires_at_idx" ON "user_exports"("expires_at");
