import "server-only";
import { unsubscribeByLink } from "@/lib/services/email-unsubscribe";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

// /unsubscribe?token=...: the address of every notification and digest email's List-Unsubscribe
// header (RFC 8058). A POST, one-click from a mail client or the page's button, turns that kind of
// mail off without signing in (the signed token is the proof); a GET opens the page with the button.
// Any origin may post: mail clients do. proxy.ts has spent the pages budget already.

function pagePath(token: string, done: boolean): string {
  return `/email/unsubscribe?${new URLSearchParams(done ? { token, done: "yes" } : { token })}`;
}

export const showUnsubscribePage = defineWebEntry({ name: "unsubscribe-page", auth: "none", refusals: textRefusals() }, async ({ request }) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return new Response(null, { status: 303, headers: { location: pagePath(token, false), "cache-control": "no-store" } });
});

export const unsubscribeOneClick = defineWebEntry({ name: "unsubscribe", auth: "none", refusals: textRefusals() }, async ({ request }) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const kind = await unsubscribeByLink(token);
  // The page's button says where it came from; a mail client's one-click POST gets a plain answer.
  const form = await request.formData().catch(() => null);
  if (form?.get("from") === "page") return new Response(null, { status: 303, headers: { location: pagePath(token, true), "cache-control": "no-store" } });
  return new Response(`Unsubscribed from ${kind === "digest" ? "digest" : "notification"} emails.\n`, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
});
