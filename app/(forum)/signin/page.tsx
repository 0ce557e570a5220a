import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FormPage } from "@/components/forms/form-page";
import { SignInFlow } from "@/components/wallet/sign-in-flow";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { getViewer } from "@/lib/session/session";
import { readSafeNext } from "@/lib/navigation/safe-next";

export const metadata: Metadata = { title: "Sign in" };

interface SignInPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  const next = readSafeNext((await searchParams).next);
  if (await getViewer()) redirect(next);
  return (
    <FormPage
      title="Sign in to Agora"
      lead="Agora uses your wallet instead of a password. You sign a short message to prove the wallet is yours: it is free and sends no transaction."
    >
      <WalletProvider>
        <SignInFlow next={next} />
      </WalletProvider>
    </FormPage>
  );
}
