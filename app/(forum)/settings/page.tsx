import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { ProfileSettingsForm } from "@/components/profile/profile-settings-form";
import { requireViewer } from "@/lib/auth/session";
import { findUserProfile } from "@/lib/db/users";
import "@/components/wallet/wallet.css";

export const metadata: Metadata = { title: "Settings", robots: { index: false } };

export default async function SettingsPage() {
  const viewer = await requireViewer("/settings");
  const user = await findUserProfile(viewer.id);
  if (!user) throw new Error("The signed-in user has no profile row");
  return (
    <FormPage
      title="Settings"
      lead={
        <>
          Signed in with <span className="signin-address">{user.wallets[0]?.address ?? "your wallet"}</span>.{" "}
          <Link href={`/u/${user.id}`}>View your profile</Link>
        </>
      }
    >
      <ProfileSettingsForm
        initial={{ username: user.username, photoUrl: user.photoUrl, coverImage: user.coverImage ?? "", email: user.email ?? "" }}
      />
    </FormPage>
  );
}
