import { expect, inject } from "vitest";
import { call } from "./api-client";
import { createTestUser, uniqueName, type TestUser } from "./fixtures";
import { confirmationLink, setMailDir, waitForMail, type ReceivedMail } from "./mailbox";

setMailDir(inject("mailDir"));

// Email (contract section 20) over HTTP: addresses set with update user info, confirmed by the link
// the loopback SMTP server received.

export function newAddress(): string {
  return `${uniqueName("m")}@example.test`;
}

/** A link from an email, sent to the server under test (the email names AGORA_PUBLIC_URL's origin). */
export function onTestServer(link: string, baseUrl = inject("baseUrl")): URL {
  const url = new URL(link);
  return new URL(`${url.pathname}${url.search}`, baseUrl);
}

export async function setAddress(user: TestUser, email: string): Promise<void> {
  const response = await call("POST", "/api/user/update_info", { token: user.token, body: { email } });
  expect(response.status, response.body.description).toBe(200);
}

export async function readEmailState(user: TestUser): Promise<{ email: string | null; email_confirmed: number; settings: Record<string, unknown> }> {
  const response = await call<{ user: { email: string | null; email_confirmed: number; settings: Record<string, unknown> } }>("GET", "/api/me", {
    token: user.token,
  });
  expect(response.status).toBe(200);
  return response.body.data.user;
}

/** Opens a confirmation link as a mail reader would (no session) and answers the page's outcome. */
export async function openConfirmation(link: string): Promise<string> {
  const response = await fetch(onTestServer(link));
  expect(response.status).toBe(200);
  const html = await response.text();
  return /data-outcome="(\w+)"/.exec(html)?.[1] ?? "none";
}

export async function latestConfirmation(address: string, count = 1): Promise<ReceivedMail> {
  const mails = await waitForMail(address, { count, match: (mail) => mail.subject.startsWith("Confirm your email address") });
  return mails[mails.length - 1]!;
}

/** A new user whose address is set and confirmed through its link. */
export async function createConfirmedUser(): Promise<TestUser & { email: string }> {
  const user = await createTestUser();
  const email = newAddress();
  await setAddress(user, email);
  expect(await openConfirmation(confirmationLink(await latestConfirmation(email)))).toBe("confirmed");
  return { ...user, email };
}

/** Resolves after `ms`: the time a test gives the server to (not) send something. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
