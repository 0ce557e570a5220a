import "server-only";
import { z } from "zod";
import type { SignedIn } from "@/lib/auth/permissions";
import { forgetUserTokenChecks } from "@/lib/auth/token-checks";
import { findUserBundle, type UserBundle } from "@/lib/db/user-groups";
import {
  findPublicProfile,
  findUserProfile,
  mergeUserSettings,
  updateUserColumns,
  type PublicProfile,
  type UserColumnChanges,
  type UserProfile,
} from "@/lib/db/users";
import { Invalid, NotFound } from "@/lib/errors";
import { NftParamSchema } from "@/lib/schemas/nft-avatar-schemas";
import { EmailSchema, PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import { BioSchema, DarkModeSchema, UserSettingsParamSchema } from "@/lib/schemas/user-settings-schemas";
import { setEmailAddress } from "@/lib/services/email-addresses";
import { applyNftAvatar, checkNftAvatar, endNftAvatar, type NftAvatarPlan } from "@/lib/services/nft-avatars";
import { findNftAvatar } from "@/lib/db/nft-avatars";
import { parseField } from "@/lib/services/parse-field";
import { toUsernameConflict, usernameColumns } from "@/lib/services/users";

export interface UserInfoChanges {
  username?: string;
  photoUrl?: string;
  coverImage?: string;
  email?: string;
  /** The avatar is an NFT the user holds (true needs `nftToken`, unless one is set already); false ends it. */
  nft?: boolean;
  /** Contract section 19's `nft`: `{chain_id, contract_address, token_id}`. */
  nftToken?: unknown;
  /** Plain text, at most 1,000 characters; "" clears it. */
  bio?: string;
  /** 0 light, 1 dark, 2 follow the device. */
  darkMode?: number;
  /** Merged into the stored settings (lib/schemas/user-settings-schemas.ts). */
  settings?: unknown;
}

/** Endpoint 6 and the settings page: changes only what is given. An empty email or cover image clears it. */
export async function updateUserInfo(actor: SignedIn, changes: UserInfoChanges): Promise<void> {
  const data: UserColumnChanges = {};
  if (changes.username !== undefined) {
    Object.assign(data, usernameColumns(parseField(UsernameSchema, changes.username, "username")));
  }
  if (changes.photoUrl !== undefined) data.photoUrl = parseField(PhotoUrlSchema, changes.photoUrl, "photo_url");
  if (changes.coverImage !== undefined) {
    data.coverImage = parseField(PhotoUrlSchema, changes.coverImage, "cover_image") || null;
  }
  const email = changes.email === undefined ? undefined : parseField(EmailSchema, changes.email, "email") || null;
  if (changes.bio !== undefined) data.bio = parseField(BioSchema, changes.bio, "bio") || null;
  if (changes.darkMode !== undefined) data.darkMode = parseField(DarkModeSchema, changes.darkMode, "dark_mode");
  // Every field is checked before anything is written: a refused change changes nothing.
  const settings = changes.settings === undefined ? undefined : parseField(UserSettingsParamSchema, changes.settings, "settings");
  // The chain is read last of the checks, and before anything is written.
  const nftPlan = await planNftChange(actor.id, changes);
  const avatar = data.photoUrl !== undefined && changes.nft === undefined ? await findNftAvatar(actor.id) : null;
  const newPhoto = avatar !== null && data.photoUrl !== (avatar.imageUrl || avatar.previousPhotoUrl);
  if (Object.keys(data).length > 0) {
    try {
      await updateUserColumns(actor.id, data);
    } catch (error) {
      throw toUsernameConflict(error) ?? error;
    }
  }
  // A new address is unconfirmed and gets its confirmation link in the same transaction.
  if (email !== undefined) await setEmailAddress(actor.id, email);
  if (settings !== undefined && Object.keys(settings).length > 0) await mergeUserSettings(actor.id, settings);
  if (nftPlan) await applyNftAvatar(actor.id, nftPlan);
  // Turning it off puts back the photo from before; a new photo of the user's own replaces the NFT.
  else if (changes.nft === false) await endNftAvatar(actor.id, { restore: data.photoUrl === undefined });
  else if (newPhoto) await endNftAvatar(actor.id, { restore: false });
  // Sessions show the name, photo and theme kept with their token's check.
  const sessionShown = data.username !== undefined || data.photoUrl !== undefined || data.darkMode !== undefined;
  if (sessionShown) await forgetUserTokenChecks(actor.id);
}

/** is_nft 1 with `nft`: the holding, checked on the chain. is_nft 1 alone keeps the NFT already set. */
async function planNftChange(userId: number, changes: UserInfoChanges): Promise<NftAvatarPlan | null> {
  if (changes.nft !== true) {
    if (changes.nftToken !== undefined) throw new Invalid("nft", "is only taken with is_nft 1");
    return null;
  }
  if (changes.nftToken === undefined) {
    if (await findNftAvatar(userId)) return null;
    throw new Invalid("nft", "is required with is_nft 1: {chain_id, contract_address, token_id} of a token one of your wallets holds");
  }
  // Wrapped so that a wrong field inside is named "nft.token_id", as the API's validation names it.
  const { nft: token } = parseField(z.object({ nft: NftParamSchema }), { nft: changes.nftToken }, "nft");
  return checkNftAvatar(userId, { chainId: token.chain_id, contract: token.contract_address, tokenId: token.token_id });
}

/** The signed-in user's own account, with the group lists the me-style shapes embed. */
export async function getOwnAccount(actor: SignedIn, options: { groups: boolean }): Promise<UserBundle> {
  const bundle = await findUserBundle(actor.id, options);
  if (!bundle) throw new NotFound("user");
  return bundle;
}

/** What anyone may see of a person: the profile page's header. */
export async function getPublicProfile(userId: number): Promise<PublicProfile> {
  const profile = await findPublicProfile(userId);
  if (!profile) throw new NotFound("user");
  return profile;
}

/** A user's own profile row, as the wallet sign-in answers show it. */
export async function getAccountProfile(userId: number): Promise<UserProfile> {
  const row = await findUserProfile(userId);
  if (!row) throw new NotFound("user");
  return row;
}
