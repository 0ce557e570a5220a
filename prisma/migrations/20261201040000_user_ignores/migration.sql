-- Ignoring people (contract section 17): who a person ignores. The ignorer hears nothing caused by
-- them (the notifying statements check this table) and pages fold their posts; feeds leave out
-- their threads. The index on ignored_user_id serves "who ignores this author" in the fan-out.
CREATE TABLE "user_ignores" (
    "user_id" INTEGER NOT NULL,
    "ignored_user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_ignores_pkey" PRIMARY KEY ("user_id", "ignored_user_id")
);
CREATE INDEX "user_ignores_ignored_user_id_idx" ON "user_ignores"("ignored_user_id");
ALTER TABLE "user_ignores" ADD CONSTRAINT "user_ignores_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_ignores" ADD CONSTRAINT "user_ignores_ignored_user_id_fkey" FOREIGN KEY ("ignored_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
