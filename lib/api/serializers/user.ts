import "server-only";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/api/time";
import { serializeRecommendGroup, serializeUserGroup } from "@/lib/api/serializers/user-groups";
import { signWithServerSecret } from "@/lib/auth/secret";
import { isEvmStyle, isWalletType, WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { adminRoleLevel, flagCode } from "@/lib/db/records/codes";
import type { UserBundle } from "@/lib/db/user-groups";
import type { UserProfile } from "@/lib/db/users";
import type {
  CreateGroupUserDto,
  MeUserDto,
  PurseRegisterUserDto,
  UpdateInfoUserDto,
  WalletKeyDto,
  WalletLoginUserDto,
  WalletRegisterUserDto,
} from "@/lib/schemas/user-schemas";

function serializeWalletKeys(row: UserProfile): WalletKeyDto[] {
  return row.wallets.map((wallet) => ({ type: wallet.type, address: wallet.address }));
}

function findWalletAddress(row: UserProfile, matches: (type: number) => boolean): string {
  return row.wallets.find((wallet) => matches(wallet.type))?.address ?? "";
}

/** The referral link carries an HMAC of the user id so that a forged `ref` can be told apart. */
export function signReferral(userId: number): string {
  return signWithServerSecret(String(userId), "hex");
}

function buildReferralUrl(origin: string, userId: number): string {
  return `${origin}/?ref=${userId}&signature=${signReferral(userId)}`;
}

/** User, get-user-info (me) shape: every field of the reference table. */
export function serializeMeUser(bundle: UserBundle, origin: string): MeUserDto {
  const { user: row } = bundle;
  // The key a client signs in with: the RSA modulus for permaweb wallets, the address otherwise.
  const firstWallet = row.wallets[0];
  return {
    id: row.id,
    email: row.email,
    email_confirmed: flagCode(row.emailConfirmed),
    web3_public_key: firstWallet ? (firstWallet.publicKey ?? firstWallet.address) : "",
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
    photo_url: row.photoUrl,
    cover_image: row.coverImage,
    bio: row.bio,
    public_key: row.publicKey,
    likes: row.likesCount,
    posts: row.postsCount,
    activate: flagCode(row.active),
    last_post_time: formatNullableTimestamp(row.lastPostAt),
    payment_cus_id: row.paymentCusId,
    web3_public_keys: serializeWalletKeys(row),
    group_perm_level: row.adminOf.map((admin) => ({ group_id: admin.groupId, level: adminRoleLevel(admin.role) })),
    groups: bundle.groups.map((group) =>
      // A site super_admin counts as owner everywhere (contract section 12).
      serializeUserGroup(group, { origin, rank: row.superAdmin ? "owner" : (bundle.adminRoles.get(group.id) ?? null) }),
    ),
    recommend_groups: bundle.recommended.map(serializeRecommendGroup),
    ban_group: bundle.banGroups,
    can_join_group: bundle.inviteGroups,
    blocked_users: row.ignoring.map((user) => ({ id: user.id, username: user.username, photo_url: user.photoUrl })),
    api_version: row.apiVersion,
    super_admin: flagCode(row.superAdmin),
    settings: { ...row.settings },
    browser_wallet_address: findWalletAddress(row, (type) => isWalletType(type) && isEvmStyle(type)),
    archive_address: findWalletAddress(row, (type) => type === WALLET_TYPES.permaweb),
    dark_mode: row.darkMode,
    referral_url: buildReferralUrl(origin, row.id),
    widget_secret: row.widgetSecret,
    username: row.username,
    is_nft: flagCode(row.nft),
  };
}

/** User, wallet-login shape (endpoint 8). */
export function serializeWalletLoginUser(row: UserProfile): WalletLoginUserDto {
  return {
    id: row.id,
    email: row.email,
    photo_url: row.photoUrl,
    likes: row.likesCount,
    posts: row.postsCount,
    activate: flagCode(row.active),
    last_post_time: formatNullableTimestamp(row.lastPostAt),
    web3_public_keys: serializeWalletKeys(row),
    username: row.username,
    is_nft: flagCode(row.nft),
  };
}

/** User, wallet-register shape (endpoint 10). */
export function serializeWalletRegisterUser(row: UserProfile): WalletRegisterUserDto {
  return {
    photo_url: row.photoUrl,
    activate: flagCode(row.active),
    updated_at: formatTimestamp(row.updatedAt),
    created_at: formatTimestamp(row.createdAt),
    id: row.id,
    web3_public_keys: serializeWalletKeys(row),
    username: row.username,
    is_nft: flagCode(row.nft),
  };
}

/** User, update-info shape (endpoint 6): the me fields without groups. */
export function serializeUpdateInfoUser(bundle: UserBundle, origin: string): UpdateInfoUserDto {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { groups, email_confirmed, ...rest } = serializeMeUser(bundle, origin);
  return rest;
}

/** User, create-group shape (endpoint 5): the me fields except the timestamps. */
export function serializeCreateGroupUser(bundle: UserBundle, origin: string): CreateGroupUserDto {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { email_confirmed, created_at, updated_at, last_post_time, ...rest } = serializeMeUser(bundle, origin);
  return rest;
}

/** User, purse-register shape (endpoint 14): as create group, plus is_nfc. */
export function serializePurseRegisterUser(bundle: UserBundle, origin: string): PurseRegisterUserDto {
  const user = serializeCreateGroupUser(bundle, origin);
  // The caller proved no wallet: the account's secret goes only to a signed-in owner (via me).
  return { ...user, widget_secret: "", is_nfc: user.is_nft };
}
