-- Tips (contract section 19). A group's tip tokens (at most five {chain_id, type, contract_address,
-- symbol, decimals}) live on its row, so changing them moves the group's read version like any
-- other setting. threads.tip_count is the sum of its posts' tip_count, moved with them by the tip's
-- transaction (get thread reads a thread's tips only when it has some).
ALTER TABLE "groups" ADD COLUMN "tip_tokens" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "threads" ADD COLUMN "tip_count" INTEGER NOT NULL DEFAULT 0;

-- One row per verified transfer. A transfer counts once on the whole site: the unique index on
-- (chain_id, tx_hash, log_index) (log_index -1 for a native transfer) makes two racing requests
-- end in one row and a 409. block_hash is what the re-check job compares with the chain.
CREATE TABLE "post_tips" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "from_user_id" INTEGER NOT NULL,
    "to_user_id" INTEGER NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_tips_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "post_tips_chain_id_tx_hash_log_index_key" ON "post_tips"("chain_id", "tx_hash", "log_index");
CREATE INDEX "post_tips_post_id_id_idx" ON "post_tips"("post_id", "id");
CREATE INDEX "post_tips_from_user_id_post_id_idx" ON "post_tips"("from_user_id", "post_id");

ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_from_user_id_fkey" FOREIGN KEY ("from_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_to_user_id_fkey" FOREIGN KEY ("to_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
