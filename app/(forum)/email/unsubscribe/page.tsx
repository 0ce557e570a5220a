import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { loadUnsubscribeLink } from "@/lib/views/email-view";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

interface UnsubscribePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const KIND_WORDS = { notifications: "notification emails", digest: "digest emails" } as const;

// What GET /unsubscribe?token=... shows (lib/web/email-unsubscribe.ts sends the browser here): a
// button that posts to the same one-click address the email's List-Unsubscribe header names.
export default async function UnsubscribePage({ searchParams }: UnsubscribePageProps) {
  const params = await searchParams;
  const view = loadUnsubscribeLink(typeof params.token === "string" ? params.token : undefined);
  if (!view.kind) {
    return (
      <FormPage title="This link is not valid" lead="It may be incomplete. You can change what is mailed to you in your settings.">
        <p>
          <Link href="/settings#email">Email settings</Link>
        </p>
      </FormPage>
    );
  }
  const what = KIND_WORDS[view.kind];
  if (params.done === "yes") {
    return (
      <FormPage title="You are unsubscribed" lead={`You will get no more ${what}.`}>
        <p data-testid="unsubscribed">
          Changed your mind? <Link href="/settings#email">Email settings</Link>
        </p>
      </FormPage>
    );
  }
  return (
    <FormPage title="Unsubscribe" lead={`Stop ${what} from this site. No sign-in needed.`}>
      <form method="post" action={`/unsubscribe?${new URLSearchParams({ token: view.token })}`} className="form-card form-stack">
        <input type="hidden" name="from" value="page" />
        <button type="submit" className="button">
          Stop {what}
        </button>
      </form>
    </FormPage>
  );
}
