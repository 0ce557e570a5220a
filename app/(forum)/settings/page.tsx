import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { IgnoredList } from "@/components/profile/ignored-list";
import { PreferencesForm } from "@/components/profile/preferences-form";
import { ProfileSettingsForm } from "@/components/profile/profile-settings-form";
import { requireViewer } from "@/lib/session/session";
import { loadAccount } from "@/lib/views/account-view";
import "@/components/wallet/wallet.css";

export const metadata: Metadata = { title: "Settings", robots: { index: false } };

export default async function SettingsPage() {
  const account = await loadAccount(await requireViewer("/settings"));
  return (
    <FormPage
      title="Settings"
      lead={
        <>
          Signed in with <span className="signin-address">{account.address ?? "your wallet"}</span>. <Link href={`/u/${account.id}`}>View your profile</Link> ·{" "}
          <Link href="/settings/uploads">Your uploads</Link> · <Link href="/settings/bookmarks">Bookmarks</Link>
        </>
      }
    >
      <ProfileSettingsForm
        initial={{ username: account.username, photoUrl: account.photoUrl, coverImage: account.coverImage, email: account.email }}
        photoPreview={account.photoPreview}
      />
      <PreferencesForm initial={{ bio: account.bio, darkMode: account.darkMode, settings: account.settings }} />
      <IgnoredList people={account.ignoring} />
    </FormPage>
  );
}
