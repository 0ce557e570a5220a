-- NFT avatars (contract section 19): the token a user shows as their avatar, which standard it
-- answered to, the picture its metadata named (or '' when it could not be read) and the photo
-- the user had before, restored when the holding ends. One row per user; users.is_nft is 1
-- exactly while the row exists. checked_at is when the holding was last read from the chain:
-- the gate sweep re-reads rows older than AGORA_GATE_RECHECK_MS.
CREATE TABLE "user_nft_avatars" (
    "user_id" INTEGER NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "standard" TEXT NOT NULL,
    "image_url" TEXT NOT NULL DEFAULT '',
    "previous_photo_url" TEXT NOT NULL DEFAULT '',
    "checked_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_nft_avatars_pkey" PRIMARY KEY ("user_id")
);

CREATE INDEX "user_nft_avatars_checked_at_idx" ON "user_nft_avatars"("checked_at");

ALTER TABLE "user_nft_avatars" ADD CONSTRAINT "user_nft_avatars_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
