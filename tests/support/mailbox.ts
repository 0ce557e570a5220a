import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

// What the test SMTP server received (tests/support/test-smtp.ts), parsed with mailparser. Plain
// Node: the API tests (dir from the global setup's mailDir) and the browser tests use it alike.

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header names lower-cased, values as sent (List-Unsubscribe keeps its angle brackets). */
  header: (name: string) => string | undefined;
  parsed: ParsedMail;
}

let defaultDir: string | undefined;

/** Where the messages are read from when a call names no folder. */
export function setMailDir(dir: string): void {
  defaultDir = dir;
}

function mailDir(): string {
  if (!defaultDir) throw new Error("no mail folder: call setMailDir first");
  return defaultDir;
}

async function readMail(dir: string, file: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(fs.readFileSync(path.join(dir, file)));
  const raw = new Map(parsed.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(":") + 1).trim()]));
  return {
    file,
    to: raw.get("x-test-envelope-to") ?? "",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    header: (name) => raw.get(name.toLowerCase()),
    parsed,
  };
}

/** Every message to `address` so far, oldest first. */
export async function mailTo(address: string, dir = mailDir()): Promise<ReceivedMail[]> {
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith(".eml"))
        .sort()
    : [];
  const all = await Promise.all(files.map((file) => readMail(dir, file)));
  return all.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** Waits until `address` has received `count` messages matching `match` (10 s by default), and answers them. */
export async function waitForMail(
  address: string,
  options: { count?: number; match?: (mail: ReceivedMail) => boolean; timeoutMs?: number; dir?: string } = {},
): Promise<ReceivedMail[]> {
  const { count = 1, match = () => true, timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(address, options.dir)).filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${address} received ${found.length} of ${count} expected messages in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The confirmation link of the newest confirmation message to `address`. */
export function confirmationLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/email\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}
