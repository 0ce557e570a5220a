import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { mailTo, waitForMail } from "../support/mailbox";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";
import { createConfirmedUser, newAddress, onTestServer, pause, readEmailState, setAddress } from "../support/email-helpers";

// Contract section 20: notification emails wait AGORA_EMAIL_DELAY_SECONDS (2 s on the test server),
// are not sent when read on the site meanwhile, reach confirmed addresses only, at most one per
// thread per 10 minutes, carry one-click unsubscribe, and are plain text and HTML with no remote image.

const DELAY_MS = 2000;
/** Long enough for a notification that should be mailed to be mailed (delay, sweep, send). */
const SETTLE_MS = DELAY_MS + 3000;

const isNotification = (mail: { subject: string }) => !mail.subject.startsWith("Confirm your email address");

async function threadOf(author: TestUser) {
  const group = await createNamedGroup(author);
  const thread = await createThreadOverHttp(author, group.id);
  return { group, thread, firstPostId: Number(thread.first_post_id) };
}

describe("notification emails", () => {
  it("waits the delay, then mails a confirmed address; an unconfirmed one gets nothing", async () => {
    const confirmed = await createConfirmedUser();
    const unconfirmed = await createTestUser();
    const unconfirmedAddress = newAddress();
    await setAddress(unconfirmed, unconfirmedAddress);
    const replier = await createTestUser();
    const a = await threadOf(confirmed);
    const b = await threadOf(unconfirmed);

    const sentAt = Date.now();
    await createPostOverHttp(replier, Number(a.thread.id), `Hello ${confirmed.username}`, a.firstPostId);
    await createPostOverHttp(replier, Number(b.thread.id), `Hello ${unconfirmed.username}`, b.firstPostId);
    const [mail] = await waitForMail(confirmed.email, { match: isNotification });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
    expect(mail!.subject).toBe(`${replier.username} replied to you in "${a.thread.title}"`);
    expect(mail!.text).toContain(`Hello ${confirmed.username}`);
    await pause(1500);
    expect((await mailTo(unconfirmedAddress)).filter(isNotification)).toHaveLength(0);
  });

  it("is not sent when the notification is read on the site during the delay", async () => {
    const reader = await createConfirmedUser();
    const replier = await createTestUser();
    const { thread, firstPostId } = await threadOf(reader);
    await createPostOverHttp(replier, Number(thread.id), "Read me on the site", firstPostId);
    const read = await call("POST", "/api/v2/notifications/read", { token: reader.token, body: { all: 1 } });
    expect(read.status).toBe(200);
    await pause(SETTLE_MS);
    expect((await mailTo(reader.email)).filter(isNotification)).toHaveLength(0);
  });

  it("mails a thread at most once per 10 minutes: the next one waits for the end of the window", async () => {
    const reader = await createConfirmedUser();
    const replier = await createTestUser();
    const { thread, firstPostId } = await threadOf(reader);
    await createPostOverHttp(replier, Number(thread.id), "First reply", firstPostId);
    await waitForMail(reader.email, { match: isNotification });
    await createPostOverHttp(replier, Number(thread.id), "Second reply", firstPostId);
    await pause(SETTLE_MS);
    expect((await mailTo(reader.email)).filter(isNotification)).toHaveLength(1);
    const db = await getDb();
    const held = await db.$queryRaw<{ hold_until: Date; sent_at: Date }[]>`
      SELECT e.hold_until, s.sent_at FROM email_outbox e JOIN email_thread_sends s ON s.user_id = e.user_id AND s.thread_id = ${Number(thread.id)}
      WHERE e.user_id = ${reader.id}`;
    expect(held).toHaveLength(1);
    expect(held[0]!.hold_until.getTime() - held[0]!.sent_at.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
  });

  it("is plain text and HTML from the post, with images as links and every link absolute", async () => {
    const reader = await createConfirmedUser();
    const replier = await createTestUser();
    const { thread, firstPostId } = await threadOf(reader);
    const content = JSON.stringify([
      { insert: "Look at " },
      { insert: "this page", attributes: { link: "https://example.org/page" } },
      { insert: "\n" },
      { insert: { image: "https://images.example.org/cat.png" } },
      { insert: "\nSecond line\n" },
    ]);
    const reply = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, { token: replier.token, body: { content, parent_id: firstPostId } });
    expect(reply.status, reply.body.description).toBe(200);
    const [mail] = await waitForMail(reader.email, { match: isNotification });
    expect(mail!.parsed.html).toBe(mail!.html);
    expect(mail!.html).toContain("Second line");
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.html).toContain('href="https://images.example.org/cat.png"');
    expect(mail!.html).toContain('href="https://example.org/page"');
    for (const [, href] of mail!.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);
    expect(mail!.text).toContain("Look at this page (https://example.org/page)");
    expect(mail!.text).toContain("[image: https://images.example.org/cat.png]");
    expect(mail!.text).toContain("Second line");
    expect(mail!.text).toMatch(new RegExp(`https?://[^/]+/g/[^/]+/t/${thread.id}/`));
  });

  it("one-click unsubscribe (RFC 8058) without signing in turns notification emails off", async () => {
    const reader = await createConfirmedUser();
    const replier = await createTestUser();
    const { thread, firstPostId } = await threadOf(reader);
    await createPostOverHttp(replier, Number(thread.id), "Before unsubscribing", firstPostId);
    const [mail] = await waitForMail(reader.email, { match: isNotification });
    expect(mail!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = mail!.header("list-unsubscribe")!;
    expect(header).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\?token=[^>]+>$/);
    const url = onTestServer(header.slice(1, -1));

    // A GET shows the page with the button, and changes nothing.
    const page = await fetch(url, { redirect: "follow" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop notification emails");
    expect((await readEmailState(reader)).settings.email_notifications).toBe("mentions");
    // A forged token is refused.
    const forged = await fetch(new URL(url.href.replace(/token=[^.]+/, `token=${reader.id + 1}`)), { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(forged.status).toBe(404);

    const posted = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(posted.status).toBe(200);
    expect((await readEmailState(reader)).settings).toMatchObject({ email_notifications: "off", email_digest: "weekly" });
    const other = await createThreadOverHttp(reader, (await createNamedGroup(reader)).id);
    await createPostOverHttp(replier, Number(other.id), "After unsubscribing", Number(other.first_post_id));
    await pause(SETTLE_MS);
    expect((await mailTo(reader.email)).filter(isNotification)).toHaveLength(1);
  });
});
