// A real SMTP server on loopback for test servers' mail (contract section 20), shared by the API
// tests' global setup (tests/support/test-smtp.ts) and the browser tests' server (scripts/e2e-server.mjs):
// every message it accepts is written whole (headers and body, as sent, after an
// X-Test-Envelope-To line) to a file of its own in `dir`, which tests/support/mailbox.ts reads.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** Listens on 127.0.0.1:`port`; resolves with its URL and a stop function. */
export async function startTestSmtp(dir, port) {
  fs.mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        const file = path.join(dir, `${Date.now()}-${process.pid}-${String(received).padStart(6, "0")}.eml`);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        // Written under a temporary name first, so a reader never sees half a message.
        fs.writeFileSync(`${file}.part`, Buffer.concat([Buffer.from(`X-Test-Envelope-To: ${to}\r\n`), ...chunks]));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { url: `smtp://127.0.0.1:${port}`, port, dir, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
