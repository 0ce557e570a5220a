-- Live events (contract section 13): one log that every instance reads. A write appends its
-- events in its own transaction (agora_publish), so an event exists exactly when the write that
-- caused it committed; NOTIFY wakes the listeners of every instance on the same database at
-- commit, and the log replays what a client missed (Last-Event-ID is an id of this table).
-- Topics: 'thread:<id>' (post, edit, delete, like) and 'user:<id>' (notification).
CREATE TABLE "live_events" (
    "id" BIGSERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "live_events_topic_id_idx" ON "live_events"("topic", "id");
CREATE INDEX "live_events_created_at_idx" ON "live_events"("created_at");

-- The one way to publish: append to the log and wake the listeners (the payload is the id and
-- topic only, far below NOTIFY's 8000-byte limit; listeners read the row).
CREATE FUNCTION "agora_publish"("p_topic" TEXT, "p_type" TEXT, "p_data" JSONB) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  "new_id" BIGINT;
BEGIN
  INSERT INTO "live_events" ("topic", "type", "data") VALUES ("p_topic", "p_type", COALESCE("p_data", '{}'::jsonb)) RETURNING "id" INTO "new_id";
  PERFORM pg_notify('agora_live', "new_id"::text || ' ' || "p_topic");
  RETURN "new_id";
END $$;
