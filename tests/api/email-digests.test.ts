import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { postAs } from "../support/community-helpers";
import { openThread } from "../support/feed-helpers";
import { createTestUser } from "../support/fixtures";
import { mailTo, waitForMail } from "../support/mailbox";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";
import { createConfirmedUser, onTestServer, pause, readEmailState } from "../support/email-helpers";

// Contract section 20: digests follow settings.email_digest: the most active threads of the person's
// groups that they have not read, with one-click unsubscribe. The test moves the last digest's time
// back a week instead of waiting for one.

const isDigest = (mail: { subject: string }) => mail.subject.includes("digest");

async function moveLastDigestBack(userId: number, days: number): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`UPDATE user_email_states SET digest_sent_at = now() - make_interval(days => ${days}) WHERE user_id = ${userId}`;
}

describe("digests", () => {
  it("lists the most active unread threads of the person's groups, then stops after one-click unsubscribe", async () => {
    const owner = await createTestUser();
    const poster = await createTestUser();
    const reader = await createConfirmedUser();
    const group = await createNamedGroup(owner);
    const elsewhere = await createNamedGroup(owner);
    expect((await postAs(reader, `/api/v2/groups/${group.id}/join`)).status).toBe(200);

    const busy = await createThreadOverHttp(poster, group.id, { title: `Busy ${reader.username}` });
    const quiet = await createThreadOverHttp(poster, group.id, { title: `Quiet ${reader.username}` });
    const seen = await createThreadOverHttp(poster, group.id, { title: `Seen ${reader.username}` });
    const outside = await createThreadOverHttp(poster, elsewhere.id, { title: `Outside ${reader.username}` });
    for (const text of ["one", "two", "three"]) await createPostOverHttp(poster, Number(busy.id), text);
    await createPostOverHttp(poster, Number(seen.id), "read by the reader");
    await openThread(reader, group, Number(seen.id));
    await moveLastDigestBack(reader.id, 8);

    const [digest] = await waitForMail(reader.email, { match: isDigest });
    expect(digest!.subject).toMatch(/^Your weekly digest from /);
    expect(digest!.text.indexOf(busy.title)).toBeGreaterThan(-1);
    expect(digest!.text.indexOf(quiet.title)).toBeGreaterThan(digest!.text.indexOf(busy.title));
    expect(digest!.text).toContain("4 new posts");
    expect(digest!.text).not.toContain(seen.title);
    expect(digest!.text).not.toContain(outside.title);
    expect(digest!.html).toContain(busy.title);
    expect(digest!.html).not.toMatch(/<img/i);
    expect(digest!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Once a week: the digest is dated now, so nothing more comes.
    await pause(1500);
    expect((await mailTo(reader.email)).filter(isDigest)).toHaveLength(1);

    const url = onTestServer(digest!.header("list-unsubscribe")!.slice(1, -1));
    const posted = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(posted.status).toBe(200);
    expect((await readEmailState(reader)).settings).toMatchObject({ email_digest: "off", email_notifications: "mentions" });
    await createPostOverHttp(poster, Number(quiet.id), "more");
    await moveLastDigestBack(reader.id, 8);
    await pause(2500);
    expect((await mailTo(reader.email)).filter(isDigest)).toHaveLength(1);
  });

  it("sends a daily digest after a day, and none when nothing is unread", async () => {
    const poster = await createTestUser();
    const reader = await createConfirmedUser();
    expect((await postAs(reader, "/api/user/update_info", { settings: { email_digest: "daily" } })).status).toBe(200);
    const group = await createNamedGroup(poster);
    expect((await postAs(reader, `/api/v2/groups/${group.id}/join`)).status).toBe(200);
    // Nothing new yet: a due digest with nothing in it is not sent.
    await moveLastDigestBack(reader.id, 2);
    await pause(2000);
    expect((await mailTo(reader.email)).filter(isDigest)).toHaveLength(0);

    const thread = await createThreadOverHttp(poster, group.id, { title: `Daily ${reader.username}` });
    await moveLastDigestBack(reader.id, 2);
    const [digest] = await waitForMail(reader.email, { match: isDigest });
    expect(digest!.subject).toMatch(/^Your daily digest from /);
    expect(digest!.text).toContain(thread.title);
  });
});
