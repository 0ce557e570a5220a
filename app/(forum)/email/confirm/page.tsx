import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { loadEmailConfirmation } from "@/lib/views/email-view";

export const metadata: Metadata = { title: "Confirm your email address", robots: { index: false } };

interface ConfirmPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const WORDS = {
  confirmed: { title: "Email address confirmed", lead: "You will get the emails your settings ask for." },
  expired: { title: "This link has expired", lead: "Links work for 24 hours. Send a new one from your settings." },
  used: { title: "This link was used already", lead: "Each link confirms once. Your settings show whether the address is confirmed." },
  invalid: { title: "This link is not valid", lead: "It may be incomplete, or the address was changed since. Send a new one from your settings." },
} as const;

// GET /email/confirm?token=...: the link of a confirmation email; opening it confirms the address.
export default async function ConfirmEmailPage({ searchParams }: ConfirmPageProps) {
  const token = (await searchParams).token;
  const view = await loadEmailConfirmation(typeof token === "string" ? token : undefined);
  const words = WORDS[view.outcome];
  return (
    <FormPage title={words.title} lead={words.lead}>
      <div className="form-card form-stack" data-testid="email-confirmation" data-outcome={view.outcome}>
        {view.outcome === "confirmed" && view.address && (
          <p>
            <strong>{view.address}</strong> is confirmed.
          </p>
        )}
        <p>
          <Link href="/settings#email">Email settings</Link>
        </p>
      </div>
    </FormPage>
  );
}
