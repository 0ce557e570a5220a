-- Contract section 20, Email. An address is confirmed while user_email_states.confirmed_address equals
-- users.email, so a changed address is unconfirmed by the change itself, whatever wrote it.
CREATE TABLE "user_email_states" (
  "user_id" INTEGER PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "confirmed_address" TEXT,
  "confirmed_at" TIMESTAMPTZ(6),
  -- The last digest's time (or the confirmation's): the next one covers what happened since.
  "digest_sent_at" TIMESTAMPTZ(6)
);

-- A confirmation link: the token is an HMAC of the nonce under the server secret, kept only as its sha256.
CREATE TABLE "email_confirmations" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "address" TEXT NOT NULL,
  "nonce" TEXT NOT NULL,
  "token_hash" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(6) NOT NULL,
  "used_at" TIMESTAMPTZ(6),
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "email_confirmations_token_hash_key" ON "email_confirmations"("token_hash");
CREATE INDEX "email_confirmations_user_id_idx" ON "email_confirmations"("user_id");

-- Notifications that may become an email, written by a trigger with the notification
-- (prisma/derived/email-outbox.sql) and drained by the send-notification-emails job.
CREATE TABLE "email_outbox" (
  "id" BIGSERIAL PRIMARY KEY,
  "notification_id" INTEGER NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
  "user_id" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
  -- Set when the per-thread throttle held it back: not taken before this time.
  "hold_until" TIMESTAMPTZ(6)
);
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox"("created_at");
CREATE INDEX "email_outbox_notification_id_idx" ON "email_outbox"("notification_id");

-- The last notification email per person and thread: at most one per 10 minutes.
CREATE TABLE "email_thread_sends" (
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "thread_id" INTEGER NOT NULL REFERENCES "threads"("id") ON DELETE CASCADE,
  "sent_at" TIMESTAMPTZ(6) NOT NULL,
  PRIMARY KEY ("user_id", "thread_id")
);
