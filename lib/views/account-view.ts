import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { UserSettings } from "@/lib/schemas/user-settings-schemas";
import { getAccountProfile } from "@/lib/services/user-profile";

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
  bio: string;
  /** 0 light, 1 dark, 2 the device's. */
  darkMode: number;
  settings: UserSettings;
  /** The people they ignore, oldest first, avatars through /media/proxy. */
  ignoring: { id: number; username: string; photoUrl: string }[];
}

export async function loadAccount(actor: SignedIn): Promise<AccountView> {
  const user = await getAccountProfile(actor.id);
  return {
    id: user.id,
    address: user.wallets[0]?.address ?? null,
    username: user.username,
    photoUrl: user.photoUrl,
    coverImage: user.coverImage ?? "",
    photoPreview: proxyImageUrl(user.photoUrl),
    email: user.email ?? "",
    bio: user.bio ?? "",
    darkMode: user.darkMode,
    settings: user.settings,
    ignoring: user.ignoring.map((person) => ({ ...person, photoUrl: proxyImageUrl(person.photoUrl) })),
  };
}
