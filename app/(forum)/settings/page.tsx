import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { DataExportSection } from "@/components/profile/data-export-section";
import { DeleteAccountSection } from "@/components/profile/delete-account-section";
import { EmailSettingsForm } from "@/components/profile/email-settings-form";
import { IgnoredList } from "@/components/profile/ignored-list";
import { NftAvatarForm } from "@/components/profile/nft-avatar-form";
import { PreferencesForm } from "@/components/profile/preferences-form";
import { ProfileSettingsForm } from "@/components/profile/profile-settings-form";
import { WalletsSection } from "@/components/profile/wallets-section";
import { WalletProvider } from "@/components/wallet/wallet-provider";
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
          {account.siteAdmin ? (
            <>
              {" "}
              · <Link href="/admin">Site administration</Link>
            </>
          ) : null}
        </>
      }
    >
      <ProfileSettingsForm
        initial={{ username: account.username, photoUrl: account.photoUrl, coverImage: account.coverImage }}
        photoPreview={account.photoPreview}
      />
      <NftAvatarForm username={account.username} current={account.nftAvatar} chains={account.nftChains} />
      <WalletProvider>
        <WalletsSection wallets={account.wallets} />
      </WalletProvider>
      <EmailSettingsForm
        initial={{
          email: account.email,
          confirmed: account.emailConfirmed,
          notifications: account.settings.email_notifications,
          digest: account.settings.email_digest,
        }}
        enabled={account.emailEnabled}
      />
      <PreferencesForm initial={{ bio: account.bio, darkMode: account.darkMode, settings: account.settings }} />
      <IgnoredList people={account.ignoring} />
      <DataExportSection viewer={{ id: account.id }} />
      <DeleteAccountSection username={account.username} />
    </FormPage>
  );
}
