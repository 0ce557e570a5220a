import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { forgetUserTokenChecks } from "@/lib/auth/token-checks";
import { inTransaction } from "@/lib/db/engine/transaction";
import {
  deleteNftAvatar,
  findNftAvatar,
  listStaleNftAvatars,
  lockAvatarOwner,
  markNftAvatarChecked,
  saveNftAvatar,
  type NftAvatar,
} from "@/lib/db/nft-avatars";
import { listEvmWalletAddresses } from "@/lib/db/wallets";
import { Invalid, NotFound, Unavailable } from "@/lib/errors";
import { logger } from "@/lib/log";
import { gateRecheckMs, readRpcUrls } from "@/lib/services/chain-balances";
import { detectNftStandard, holdsNft, readNftMetadataUri, type NftStandard, type NftToken } from "@/lib/services/nft-holdings";
import { readNftImage } from "@/lib/services/nft-metadata";

// Contract section 19: is_nft 1 shows an NFT one of the user's wallets holds. Its metadata's
// http(s) image becomes the photo (pages load it through /media/proxy like any remote avatar);
// when the metadata cannot be read the holding still counts and the photo stays as it was. The
// photo from before is kept and put back when the avatar ends: cleared by the user, replaced by
// a new photo, or found no longer held by the gate sweep (AGORA_GATE_SWEEP_MS).

export type { NftAvatar, NftToken };

const describeToken = (token: NftToken) => `token ${token.tokenId} of ${token.contract} on chain ${token.chainId}`;

/** A checked holding, ready to be stored: what setNftAvatar writes once every other field passed. */
export interface NftAvatarPlan {
  token: NftToken;
  standard: NftStandard;
  image: string | null;
}

async function readChain<T>(read: Promise<T>, token: NftToken): Promise<T> {
  try {
    return await read;
  } catch (error) {
    logger.warn({ err: error, chainId: token.chainId }, "NFT avatar: the chain did not answer");
    throw new Unavailable(`chain ${token.chainId} did not answer; try again later`);
  }
}

/** Reads the chain: the token must be an ERC-721 or ERC-1155 one of the user's wallets holds. Writes nothing. */
export async function checkNftAvatar(userId: number, token: NftToken): Promise<NftAvatarPlan> {
  if (!readRpcUrls().has(token.chainId)) throw new Invalid("nft", `chain_id: the server has no RPC for chain ${token.chainId}`);
  const standard = await readChain(detectNftStandard(token), token);
  if (!standard) throw new Invalid("nft", `${token.contract} on chain ${token.chainId} is neither an ERC-721 nor an ERC-1155 contract`);
  const wallets = await listEvmWalletAddresses(userId);
  if (!(await readChain(holdsNft(token, standard, wallets), token))) throw new Invalid("nft", `none of your wallets holds ${describeToken(token)}`);
  const uri = await readChain(readNftMetadataUri(token, standard), token).catch(() => null);
  return { token, standard, image: uri === null ? null : await readNftImage(uri) };
}

/** Stores a checked avatar: is_nft 1 and the NFT's image (or the photo from before the first NFT). */
export async function applyNftAvatar(userId: number, plan: NftAvatarPlan): Promise<void> {
  await inTransaction(async (tx) => {
    const owner = await lockAvatarOwner(tx, userId);
    if (!owner) throw new NotFound("user");
    const previousPhotoUrl = owner.avatar ? owner.avatar.previousPhotoUrl : owner.photoUrl;
    const avatar = { userId, ...plan.token, standard: plan.standard, imageUrl: plan.image ?? "", previousPhotoUrl };
    await saveNftAvatar(tx, avatar, plan.image ?? previousPhotoUrl, new Date());
  });
  await forgetUserTokenChecks(userId);
}

/**
 * Ends the avatar. `restore` puts back the photo from before it (the user turned it off, or the
 * holding ended); without it the photo is left as it is (the user is setting a new one).
 */
export async function endNftAvatar(userId: number, options: { restore: boolean }): Promise<boolean> {
  const ended = await inTransaction(async (tx) => {
    const owner = await lockAvatarOwner(tx, userId);
    if (!owner?.avatar) return false;
    await deleteNftAvatar(tx, userId, options.restore ? owner.avatar.previousPhotoUrl : undefined);
    return true;
  });
  if (ended) await forgetUserTokenChecks(userId);
  return ended;
}

/** The signed-in user's NFT avatar, for the settings page. */
export async function getMyNftAvatar(actor: SignedIn): Promise<NftAvatar | null> {
  return findNftAvatar(actor.id);
}

/** On the gate sweep's schedule: avatars not read for AGORA_GATE_RECHECK_MS are read again; an NFT no wallet holds any more ends. */
export async function sweepNftAvatars(limit = 200): Promise<{ checked: number; ended: number }> {
  const stale = await listStaleNftAvatars(new Date(Date.now() - gateRecheckMs()), limit);
  let ended = 0;
  for (const avatar of stale) {
    try {
      const held = await holdsNft(avatar, avatar.standard, await listEvmWalletAddresses(avatar.userId));
      if (held) await markNftAvatarChecked(avatar.userId, new Date());
      else if (await endNftAvatar(avatar.userId, { restore: true })) ended += 1;
    } catch (error) {
      // A chain that does not answer ends no avatar: it is read again on the next sweep.
      logger.warn({ err: error, chainId: avatar.chainId }, "NFT avatar sweep could not read the chain");
    }
  }
  return { checked: stale.length, ended };
}
