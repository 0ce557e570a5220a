-- Signed posts (contract section 19): a post keeps its signature (sign, sign_msg: the columns were
-- there), the contentHash it signed (sign_data, 0x hex, "" when unsigned) and the wallet that
-- signed it; an edit moves the replaced version's signature to its revision (post_edits), so each
-- revision keeps its own. used_post_signatures holds every signed message ever accepted, keyed by
-- its digest (the EIP-712 hash, or SHA-256 of a permaweb sign_msg), so a replay is refused even by
-- two requests racing with the same signature: the second waits on the key and finds it taken.
ALTER TABLE "posts" ADD COLUMN "sign_data" TEXT NOT NULL DEFAULT '';
ALTER TABLE "posts" ADD COLUMN "signer_address" TEXT;
ALTER TABLE "posts" ADD COLUMN "signer_type" INTEGER;

ALTER TABLE "post_edits" ADD COLUMN "sign" TEXT;
ALTER TABLE "post_edits" ADD COLUMN "sign_msg" TEXT;
ALTER TABLE "post_edits" ADD COLUMN "sign_data" TEXT;
ALTER TABLE "post_edits" ADD COLUMN "signer_address" TEXT;
ALTER TABLE "post_edits" ADD COLUMN "signer_type" INTEGER;

CREATE TABLE "used_post_signatures" (
    "digest" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "post_id" INTEGER NOT NULL,
    "used_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "used_post_signatures_pkey" PRIMARY KEY ("digest")
);
CREATE INDEX "used_post_signatures_post_id_idx" ON "used_post_signatures"("post_id");
