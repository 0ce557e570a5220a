import "server-only";
import { readSignInSite } from "@/lib/auth/wallet/sign-in-site";
import { parseWalletMessage, statementFor, type WalletMessageFields } from "@/lib/auth/wallet/wallet-message";
import { WALLET_PURPOSES, type WalletPurpose } from "@/lib/schemas/wallet-purposes";
import { verifyWalletSignature } from "@/lib/auth/wallet/wallet-signature";
import { isWalletType, type WalletType } from "@/lib/schemas/wallet-types";
import type { Tx } from "@/lib/db/engine/transaction";
import { findWalletByAddress, findWalletNonce, spendWalletNonce } from "@/lib/db/wallets";
import { Invalid, Unauthenticated } from "@/lib/errors";

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

const PURPOSE_NAMES: Record<WalletPurpose, string> = { sign_in: "signing in", create_group: "creating a group", link_wallet: "linking a wallet" };

// multipart/form-data encoders turn every LF into CRLF; the message was issued (and signed) with LF.
const normalizeLineBreaks = (message: string) => message.replace(/\r\n/g, "\n");

// 1, 2 and 5 sign with an Ethereum account (EIP-55 in the message, lowercase when stored).
const storedAddress = (fields: WalletMessageFields) => (fields.account === "ethereum" ? fields.address.toLowerCase() : fields.address);

/**
 * Every EIP-4361 field against this site: domain, URI and chain are ours, and the statement
 * names `purpose`, so a message signed on a copy of the site or for another action proves nothing.
 */
function checkMessageFields(fields: WalletMessageFields, purposes: readonly WalletPurpose[], name: string): void {
  const site = readSignInSite();
  if (fields.scheme !== site.scheme || fields.domain !== site.domain || fields.uri !== site.uri) {
    throw unproven(`${name} was issued for another site (${fields.scheme}://${fields.domain}); get one from /api/wallet/nonce`);
  }
  if (fields.chainId !== site.chainId) throw unproven(`${name} names chain ${fields.chainId}; this site signs in on chain ${site.chainId}`);
  const issuedFor = WALLET_PURPOSES.find((candidate) => statementFor(candidate, site.name) === fields.statement);
  if (!issuedFor) throw unproven(`${name} is not a sign-in message issued by this server; get one from /api/wallet/nonce`);
  if (!purposes.includes(issuedFor)) {
    const wanted = purposes[0]!;
    throw unproven(`${name} was issued for ${PURPOSE_NAMES[issuedFor]}, not ${PURPOSE_NAMES[wanted]}; get one with purpose=${wanted}`);
  }
}

/**
 * Contract section 6: `signMsg` must be a message this server issued for this address, wallet
 * type and purpose (one of `purposes`), unexpired and unused, and `sign` the wallet's signature over it. Writes nothing.
 */
export async function checkWalletProof(
  claim: WalletClaim,
  purposes: WalletPurpose | readonly WalletPurpose[],
  names = { sign: "sign", signMsg: "signMsg" },
): Promise<WalletProof> {
  if (!claim.sign) throw new Invalid(names.sign, `is required for wallet_type ${claim.walletType}`);
  if (!claim.signMsg) throw new Invalid(names.signMsg, `is required for wallet_type ${claim.walletType}`);
  const signMsg = normalizeLineBreaks(claim.signMsg);

  const fields = parseWalletMessage(signMsg);
  if (!fields) throw unproven(`${names.signMsg} is not a sign-in message issued by this server; get one from /api/wallet/nonce`);
  checkMessageFields(fields, typeof purposes === "string" ? [purposes] : purposes, names.signMsg);
  if (storedAddress(fields) !== claim.address) throw unproven(`${names.signMsg} was issued for another wallet`);

  const row = await findWalletNonce(fields.nonce);
  if (!row || row.message !== signMsg) {
    throw unproven(`${names.signMsg} was not issued by this server; get one from /api/wallet/nonce`);
  }
  if (row.address !== claim.address || row.walletType !== claim.walletType) throw unproven(`${names.signMsg} was issued for another wallet`);
  if (row.usedAt) throw unproven(`${names.signMsg} has already been used; get a new one from /api/wallet/nonce`);
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || fields.expiresAt.getTime() <= now) {
    throw unproven(`${names.signMsg} has expired; get a new one from /api/wallet/nonce`);
  }

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

/** Marks the nonce used (spendWalletNonce): of two requests racing with the same message, the other fails here. */
export async function consumeWalletProof(proof: WalletProof, tx?: Tx): Promise<void> {
  if (!(await spendWalletNonce(proof.nonce, new Date(), tx)))
    throw unproven("signMsg has already been used or has expired; get a new one from /api/wallet/nonce");
}

/**
 * Create group's optional proof: a `create_group` message naming one of the user's wallets, and
 * `signature` that wallet's signature over it. Writes nothing.
 */
export async function checkUserWalletProof(userId: number, signature: string, signMsg: string): Promise<WalletProof> {
  const names = { sign: "signature", signMsg: "signMsg" };
  const fields = parseWalletMessage(normalizeLineBreaks(signMsg));
  if (!fields) throw unproven("signMsg is not a sign-in message issued by this server; get one from /api/wallet/nonce");
  const [wallet, issued] = await Promise.all([findWalletByAddress(storedAddress(fields)), findWalletNonce(fields.nonce)]);
  if (!wallet || wallet.userId !== userId) throw unproven("signMsg was issued for a wallet that is not yours");
  if (!issued || !isWalletType(issued.walletType)) throw unproven("signMsg was not issued by this server; get one from /api/wallet/nonce");
  const claim = { walletType: issued.walletType, address: wallet.address, publicKey: wallet.publicKey, sign: signature, signMsg };
  return checkWalletProof(claim, "create_group", names);
}
