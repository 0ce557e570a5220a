import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call } from "../support/api-client";
import { createTestUser } from "../support/fixtures";
import { confirmationLink, mailTo } from "../support/mailbox";
import { latestConfirmation, newAddress, openConfirmation, readEmailState, setAddress } from "../support/email-helpers";

// Contract section 20, Email: an address set with update user info gets a confirmation link (24
// hours, the token stored hashed); opening it confirms the address; /api/me's email_confirmed.

describe("confirming an address", () => {
  it("mails a link that confirms the address once; a second opening says it was used", async () => {
    const user = await createTestUser();
    const email = newAddress();
    await setAddress(user, email);
    expect(await readEmailState(user)).toMatchObject({ email, email_confirmed: 0 });

    const mail = await latestConfirmation(email);
    expect(mail.header("from")).toContain("forum@agora.test");
    const link = confirmationLink(mail);
    expect(link).toMatch(/^https?:\/\/[^/]+\/email\/confirm\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link);
    // Only the token's hash is stored.
    const token = new URL(link).searchParams.get("token")!;
    const db = await getDb();
    const stored = await db.emailConfirmation.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(24 * 3600_000);

    expect(await openConfirmation(link)).toBe("confirmed");
    expect(await readEmailState(user)).toMatchObject({ email, email_confirmed: 1 });
    expect(await openConfirmation(link)).toBe("used");
    expect(await readEmailState(user)).toMatchObject({ email_confirmed: 1 });
  });

  it("refuses an expired link and a made-up one, and confirms nothing", async () => {
    const user = await createTestUser();
    const email = newAddress();
    await setAddress(user, email);
    const link = confirmationLink(await latestConfirmation(email));
    const db = await getDb();
    await db.emailConfirmation.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await openConfirmation(link)).toBe("expired");
    expect(await openConfirmation(link.replace(/token=.*/, `token=${"A".repeat(43)}`))).toBe("invalid");
    expect(await openConfirmation(link.replace(/token=.*/, "token=short"))).toBe("invalid");
    expect(await readEmailState(user)).toMatchObject({ email, email_confirmed: 0 });
  });

  it("unconfirms a changed address and mails the new one; the old link confirms nothing", async () => {
    const user = await createTestUser();
    const first = newAddress();
    await setAddress(user, first);
    const firstLink = confirmationLink(await latestConfirmation(first));
    expect(await openConfirmation(firstLink)).toBe("confirmed");

    const second = newAddress();
    await setAddress(user, second);
    expect(await readEmailState(user)).toMatchObject({ email: second, email_confirmed: 0 });
    const secondLink = confirmationLink(await latestConfirmation(second));
    // Setting the same address again sends no new link.
    await setAddress(user, second);
    expect(await openConfirmation(secondLink)).toBe("confirmed");
    expect(await readEmailState(user)).toMatchObject({ email: second, email_confirmed: 1 });
    expect(await mailTo(second)).toHaveLength(1);

    // Back to the first address: it is not confirmed by its old confirmation.
    await setAddress(user, first);
    expect(await readEmailState(user)).toMatchObject({ email: first, email_confirmed: 0 });
    expect(await openConfirmation(firstLink)).toBe("used");
  });

  it("an unconfirmed address's link is sent again on request; a confirmed or missing one is refused", async () => {
    const user = await createTestUser();
    const none = await call("POST", "/api/v2/users/me/email/resend", { token: user.token });
    expect(none.status).toBe(400);
    expect(none.body.description).toContain("email");

    const email = newAddress();
    await setAddress(user, email);
    await latestConfirmation(email);
    const resent = await call("POST", "/api/v2/users/me/email/resend", { token: user.token });
    expect(resent.status, resent.body.description).toBe(200);
    expect(resent.body.data).toEqual({ email, email_confirmed: 0 });
    const second = await latestConfirmation(email, 2);
    expect(await openConfirmation(confirmationLink(second))).toBe("confirmed");

    const again = await call("POST", "/api/v2/users/me/email/resend", { token: user.token });
    expect(again.status).toBe(409);
    expect(await mailTo(email)).toHaveLength(2);
    const guest = await call("POST", "/api/v2/users/me/email/resend", {});
    expect(guest.status).toBe(401);
  });
});
