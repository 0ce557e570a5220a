import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

// The one SMTP connection pool of a process (nodemailer's pooled transport): jobs send through it,
// never a request, so an SMTP server that is down delays mail (the job retries) and fails no request.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for notifications and digests). */
  headers?: Record<string, string>;
}

/** AGORA_SMTP_URL and AGORA_MAIL_FROM are both set: the site sends email. */
export function isEmailEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.AGORA_SMTP_URL && env.AGORA_MAIL_FROM);
}

function transport(): Transporter {
  return resource(
    "mail.transport",
    () => {
      const url = new URL(getEnv().AGORA_SMTP_URL!);
      url.searchParams.set("pool", "true");
      // Bounded well inside the send-email job's expiry (2 minutes): a hung server fails the run, which retries.
      return nodemailer.createTransport(url.toString(), { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    },
    { stop: (pool) => pool.close() },
  );
}

/** Sends one message; throws when the server refuses it or cannot be reached (the job retries). */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (!isEmailEnabled()) return;
  await transport().sendMail({ from: getEnv().AGORA_MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
}

export type SmtpHealth = "ok" | "unavailable" | null;

/** For the admin health page: null when email is off, else whether the SMTP server answers (5 s). */
export async function checkSmtp(): Promise<SmtpHealth> {
  if (!isEmailEnabled()) return null;
  const probe = nodemailer.createTransport(getEnv().AGORA_SMTP_URL!, { connectionTimeout: 5000, greetingTimeout: 5000 });
  try {
    await probe.verify();
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    probe.close();
  }
}
