import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, createNamedGroupWithThread, registerUser, type ClusterUser } from "../support/cluster-client";
import { confirmationLink, waitForMail, mailTo } from "../support/mailbox";
import { newAddress, onTestServer, pause } from "../support/email-helpers";
import { findFreePortBlock } from "../support/free-port";
import { runPackageScript, startServer, type RunningServer } from "../support/server-process";
import { startTestSmtp } from "../support/test-smtp";

// Contract section 20 with "Background jobs": a notification written just before the server dies
// (SIGKILL of its process group, well inside the delay) is mailed once after it starts again. The
// server runs on a database of its own (a fresh PostgreSQL database, or its own embedded one), so
// the suite's server, which drains every outbox it can see, cannot send it first. The same server,
// started again with its SMTP server down, shows mail waits for it and no request fails.

const dataDir = path.resolve(".test-data", `email-restart-${Date.now()}-${process.pid}`);
const suiteUrl = inject("databaseUrl");
const databaseName = `agora_email_restart_${randomBytes(4).toString("hex")}`;
let databaseUrl = "";
let server: RunningServer;
let apiKey: string;

function serverEnv(smtpUrl: string = inject("smtpUrl")): Record<string, string> {
  return {
    AGORA_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AGORA_EMBEDDED_SHARED: "0",
    LOG_LEVEL: "warn",
    AGORA_RATE_LIMIT_PER_MINUTE: "100000",
    AGORA_SMTP_URL: smtpUrl,
    AGORA_MAIL_FROM: "Agora <forum@agora.test>",
    AGORA_EMAIL_DELAY_SECONDS: "3",
    AGORA_EMAIL_SWEEP_MS: "500",
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  if (suiteUrl) {
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(suiteUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  server = await startServer(serverEnv(), { detached: true });
  apiKey = runPackageScript("apikey", ["create", "email restart"], server.env).trim().split("\n").pop()!.trim();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (suiteUrl) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function confirmedReader(): Promise<ClusterUser & { email: string }> {
  const user = await registerUser(server.baseUrl, apiKey);
  const email = newAddress();
  const set = await apiCall(server.baseUrl, apiKey, "POST", "/api/user/update_info", { token: user.token, body: { email } });
  expect(set.status).toBe(200);
  const [mail] = await waitForMail(email);
  const opened = await fetch(onTestServer(confirmationLink(mail!), server.baseUrl));
  expect(await opened.text()).toContain('data-outcome="confirmed"');
  return { ...user, email };
}

describe("a restart between a notification and its email", () => {
  it("still mails it, once", { timeout: 240_000 }, async () => {
    const reader = await confirmedReader();
    const replier = await registerUser(server.baseUrl, apiKey);
    const { groupName, threadId } = await createNamedGroupWithThread(server.baseUrl, apiKey, reader);
    const thread = await apiCall<{ thread: { first_post_id: number } }>(server.baseUrl, apiKey, "GET", `/api/get_thread/${threadId}`, {
      query: { group_name: groupName },
    });
    const reply = await apiCall(server.baseUrl, apiKey, "POST", `/api/v2/threads/${threadId}/posts/create`, {
      token: replier.token,
      body: { content: JSON.stringify([{ insert: "Survives a crash\n" }]), parent_id: Number(thread.body.data.thread.first_post_id) },
    });
    expect(reply.status).toBe(200);
    await server.killGroup("SIGKILL");
    const isReply = (mail: { subject: string }) => mail.subject.includes("replied to you");
    expect((await mailTo(reader.email)).filter(isReply)).toHaveLength(0);

    server = await startServer(serverEnv(), { detached: true });
    // A drain the kill interrupted holds its queue until its expiry (30 s) and the next maintenance (a minute).
    const [mail] = await waitForMail(reader.email, { match: isReply, timeoutMs: 150_000 });
    expect(mail!.text).toContain("Survives a crash");
    await pause(3000);
    expect((await mailTo(reader.email)).filter(isReply)).toHaveLength(1);
  });

  it("an SMTP server that is down fails no request and delays the mail until it is back", { timeout: 150_000 }, async () => {
    const reader = await registerUser(server.baseUrl, apiKey);
    await server.stop();
    const port = await findFreePortBlock(1);
    server = await startServer(serverEnv(`smtp://127.0.0.1:${port}`), { detached: true });
    const email = newAddress();
    const started = Date.now();
    const set = await apiCall(server.baseUrl, apiKey, "POST", "/api/user/update_info", { token: reader.token, body: { email } });
    expect(set.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    // The first attempt finds nobody listening; the job is retried 30 s later, when the server is up.
    await pause(3000);
    const mailDir = path.join(dataDir, "late-mail");
    const late = await startTestSmtp(mailDir, port);
    try {
      const [mail] = await waitForMail(email, { dir: mailDir, timeoutMs: 90_000 });
      expect(mail!.subject).toMatch(/^Confirm your email address/);
    } finally {
      await late.stop();
    }
  });

  it("without AGORA_SMTP_URL the site sends nothing, and a resend says email is off", { timeout: 120_000 }, async () => {
    await server.stop();
    server = await startServer(serverEnv(""), { detached: true });
    const user = await registerUser(server.baseUrl, apiKey);
    const email = newAddress();
    const set = await apiCall(server.baseUrl, apiKey, "POST", "/api/user/update_info", { token: user.token, body: { email } });
    expect(set.status).toBe(200);
    const resend = await apiCall(server.baseUrl, apiKey, "POST", "/api/v2/users/me/email/resend", { token: user.token });
    expect(resend.status).toBe(409);
    expect(resend.body.description).toContain("Email is off on this site");
    const me = await apiCall<{ user: { email: string; email_confirmed: number } }>(server.baseUrl, apiKey, "GET", "/api/me", { token: user.token });
    expect(me.body.data.user).toMatchObject({ email, email_confirmed: 0 });
    await pause(2000);
    expect(await mailTo(email)).toHaveLength(0);
  });
});
