-- Polls (contract section 18): a thread's polls, their options, one ballot per voter and the
-- options each ballot chose (with their rank, for ranked polls). Counts are read from the
-- ballots, so they equal them under any concurrency; (poll_id, user_id) is unique.
-- threads.poll_count says whether get thread must read polls (a thread with polls is answered
-- fresh, never from a kept answer: a poll's status moves with the clock); categories.requires_poll
-- is a group's poll_category setting.
ALTER TABLE "threads" ADD COLUMN "poll_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "categories" ADD COLUMN "requires_poll" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "polls" (
    "id" SERIAL NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT 'single',
    "min_choices" INTEGER NOT NULL DEFAULT 1,
    "max_choices" INTEGER NOT NULL DEFAULT 1,
    "results" TEXT NOT NULL DEFAULT 'always',
    "voters" TEXT NOT NULL DEFAULT 'secret',
    "opens_at" TIMESTAMPTZ(6),
    "closes_at" TIMESTAMPTZ(6),
    "closed" INTEGER NOT NULL DEFAULT 0,
    "eligibility" TEXT NOT NULL DEFAULT 'everyone',
    "weighting" TEXT NOT NULL DEFAULT 'per_user',
    "token" JSONB,
    "allow_change" INTEGER NOT NULL DEFAULT 1,
    "snapshot_block" BIGINT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "polls_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "polls_thread_id_idx" ON "polls"("thread_id", "id");
ALTER TABLE "polls" ADD CONSTRAINT "polls_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "polls" ADD CONSTRAINT "polls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "poll_options" (
    "id" SERIAL NOT NULL,
    "poll_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "text" TEXT NOT NULL,

    CONSTRAINT "poll_options_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "poll_options_poll_id_idx" ON "poll_options"("poll_id", "position");
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per voter; weight in base units ("1" per voter under per_user), fixed when they vote.
CREATE TABLE "poll_ballots" (
    "id" SERIAL NOT NULL,
    "poll_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "weight" DECIMAL(78,0) NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_ballots_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "poll_ballots_poll_id_user_id_key" ON "poll_ballots"("poll_id", "user_id");
CREATE INDEX "poll_ballots_user_id_idx" ON "poll_ballots"("user_id");
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A ballot's chosen options; rank is 1 for the first preference (every choice of a single or
-- multiple poll is rank 1..n in the order sent).
CREATE TABLE "poll_ballot_choices" (
    "ballot_id" INTEGER NOT NULL,
    "option_id" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,

    CONSTRAINT "poll_ballot_choices_pkey" PRIMARY KEY ("ballot_id", "option_id")
);
CREATE INDEX "poll_ballot_choices_option_id_idx" ON "poll_ballot_choices"("option_id");
ALTER TABLE "poll_ballot_choices" ADD CONSTRAINT "poll_ballot_choices_ballot_id_fkey" FOREIGN KEY ("ballot_id") REFERENCES "poll_ballots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "poll_ballot_choices" ADD CONSTRAINT "poll_ballot_choices_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "poll_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;
