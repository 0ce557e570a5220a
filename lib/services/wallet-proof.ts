import "server-only";
import { parseWalletMessage } from "@/lib/auth/wallet/wallet-message";
import { verifyWalletSignature } from "@/lib/auth/wallet/wallet-signature";
import type { WalletType } from "@/lib/auth/wallet/wallet-types";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { Invalid, Unauthenticated } from "@/lib/errors";
import type { Tx } from "@/lib/db/transaction";

export interface WalletClaim {
  walletType: WalletType;
  /** Normalised (normalizeWalletKey). */
  address: string;
  /** The RSA modulus for permaweb wallets, else null. */
  publicKey: string | null;
  sign?: string;
  signMsg?: string;
}

/** A checked but not yet consumed proof: consume it in the same step as the write it allows. */
export interface WalletProof {
  nonce: string;
}

const unproven = (description: string) => new Unauthenticated(description);

// multipart/form-data encoders turn every LF into CRLF; the message was issued (and signed) with LF.
const normalizeLineBreaks = (message: string) => message.replace(/\r\n/g, "\n");

/**
 * Contract section 6: `signMsg` must be a message this server issued for this address and
 * wallet type, unexpired and unused, and `sign` the wallet's signature over it. Writes nothing.
 */
export async function checkWalletProof(claim: WalletClaim, names = { sign: "sign", signMsg: "signMsg" }): Promise<WalletProof> {
  if (!claim.sign) throw new Invalid(names.sign, `is required for wallet_type ${claim.walletType}`);
  if (!claim.signMsg) throw new Invalid(names.signMsg, `is required for wallet_type ${claim.walletType}`);
  const signMsg = normalizeLineBreaks(claim.signMsg);

  const fields = parseWalletMessage(signMsg);
  if (!fields || fields.site !== getEnv().AGORA_SITE_NAME) {
    throw unproven(`${names.signMsg} is not a sign-in message issued by this server; get one from /api/wallet/nonce`);
  }
  if (fields.address !== claim.address || fields.walletType !== claim.walletType) {
    throw unproven(`${names.signMsg} was issued for another wallet`);
  }
  const db = await getDb();
  const row = await db.walletNonce.findUnique({
    where: { nonce: fields.nonce },
    select: { nonce: true, address: true, walletType: true, message: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.message !== signMsg || row.address !== claim.address || row.walletType !== claim.walletType) {
    throw unproven(`${names.signMsg} was not issued by this server; get one from /api/wallet/nonce`);
  }
  if (row.usedAt) throw unproven(`${names.signMsg} has already been used; get a new one from /api/wallet/nonce`);
  if (row.expiresAt.getTime() <= Date.now()) throw unproven(`${names.signMsg} has expired; get a new one from /api/wallet/nonce`);

  const valid = await verifyWalletSignature({
    walletType: claim.walletType,
    address: claim.address,
    publicKey: claim.publicKey,
    message: signMsg,
    signature: claim.sign,
  });
  if (!valid) throw unproven(`${names.sign} is not a valid signature of ${names.signMsg} by this wallet`);
  return { nonce: row.nonce };
}

/**
 * Marks the nonce used. The conditional update is the single point of truth: of two requests
 * racing with the same message only one updates a row, so the other fails here.
 */
export async function consumeWalletProof(proof: WalletProof, tx?: Tx): Promise<void> {
  const client = tx ?? (await getDb());
  const now = new Date();
  const { count } = await client.walletNonce.updateMany({
    where: { nonce: proof.nonce, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw unproven("signMsg has already been used or has expired; get a new one from /api/wallet/nonce");
}

/**
 * Create group's optional proof: `signMsg` names the wallet, which must be one of the user's,
 * and `signature` must be that wallet's signature over it. Writes nothing.
 */
export async function checkUserWalletProof(userId: number, signature: string, signMsg: string): Promise<WalletProof> {
  const names = { sign: "signature", signMsg: "signMsg" };
  const fields = parseWalletMessage(normalizeLineBreaks(signMsg));
  if (!fields) throw unproven("signMsg is not a sign-in message issued by this server; get one from /api/wallet/nonce");
  const db = await getDb();
  const wallet = await db.wallet.findUnique({
    where: { address: fields.address },
    select: { userId: true, address: true, publicKey: true },
  });
  if (!wallet || wallet.userId !== userId) throw unproven("signMsg was issued for a wallet that is not yours");
  return checkWalletProof(
    { walletType: fields.walletType, address: wallet.address, publicKey: wallet.publicKey, sign: signature, signMsg },
    names,
  );
}
