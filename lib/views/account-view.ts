import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { UserSettings } from "@/lib/schemas/user-settings-schemas";
import { readRpcUrls } from "@/lib/services/chain-balances";
import { isEmailEnabled } from "@/lib/services/mail-transport";
import { getMyNftAvatar } from "@/lib/services/nft-avatars";
import { getAccountProfile } from "@/lib/services/user-profile";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";

/** The settings page's model: the signed-in person's own editable fields. */
export interface AccountView {
  id: number;
  /** The wallet they signed in with, shown so they know which account this is. */
  address: string | null;
  username: string;
  /** As entered (the form edits them). */
  photoUrl: string;
  coverImage: string;
  /** The saved avatar as the page may load it (through /media/proxy), or "". */
  photoPreview: string;
  email: string;
  /** The address was confirmed by its link (contract section 20). */
  emailConfirmed: boolean;
  /** The site sends email (AGORA_SMTP_URL and AGORA_MAIL_FROM). */
  emailEnabled: boolean;
  bio: string;
  /** 0 light, 1 dark, 2 the device's. */
  darkMode: number;
  settings: UserSettings;
  /** The people they ignore, oldest first, avatars through /media/proxy. */
  ignoring: { id: number; username: string; photoUrl: string }[];
  /** Every wallet of the account, oldest first (contract section 19); the last one cannot be removed. */
  wallets: { address: string; kind: "EVM" | "Permaweb" | "Web wallet" }[];
  /** The NFT shown as the avatar, with its picture through /media/proxy ("" when its metadata had none). */
  nftAvatar: { chainId: number; contract: string; tokenId: string; preview: string } | null;
  /** The chains the server can read (AGORA_RPC_URLS), for the NFT picker. */
  nftChains: number[];
  /** A site admin: settings links the /admin pages. */
  siteAdmin: boolean;
}

function describeWalletKind(type: number): AccountView["wallets"][number]["kind"] {
  if (type === WALLET_TYPES.permaweb) return "Permaweb";
  return type === WALLET_TYPES.webWallet ? "Web wallet" : "EVM";
}

export async function loadAccount(actor: SignedIn): Promise<AccountView> {
  const [user, avatar] = await Promise.all([getAccountProfile(actor.id), getMyNftAvatar(actor)]);
  return {
    id: user.id,
    address: user.wallets[0]?.address ?? null,
    username: user.username,
    photoUrl: user.photoUrl,
    coverImage: user.coverImage ?? "",
    photoPreview: proxyImageUrl(user.photoUrl),
    email: user.email ?? "",
    emailConfirmed: user.emailConfirmed,
    emailEnabled: isEmailEnabled(),
    bio: user.bio ?? "",
    darkMode: user.darkMode,
    settings: user.settings,
    ignoring: user.ignoring.map((person) => ({ ...person, photoUrl: proxyImageUrl(person.photoUrl) })),
    wallets: user.wallets.map((wallet) => ({ address: wallet.address, kind: describeWalletKind(wallet.type) })),
    nftAvatar: avatar ? { chainId: avatar.chainId, contract: avatar.contract, tokenId: avatar.tokenId, preview: proxyImageUrl(avatar.imageUrl || null) } : null,
    nftChains: [...readRpcUrls().keys()].sort((a, b) => a - b),
    siteAdmin: user.superAdmin,
  };
}
