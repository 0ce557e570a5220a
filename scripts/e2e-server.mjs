// The server the browser tests drive: a production build on a fresh, seeded database
// (a new embedded one, or DATABASE_URL when set).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Arweave from "arweave";
import { nextStartArgs } from "./next-start.mjs";
import { startTestSmtp } from "./test-smtp.mjs";

const port = process.argv[2] ?? "3100";
// The browser reaches the app on 127.0.0.1:<port>, so sign-in messages name that origin.
// The browser tests sign in and click through far faster than people: every budget is generous.
const budgets = Object.fromEntries(
  [
    "AGORA_RATE_LIMIT_PER_MINUTE",
    "AGORA_RATE_LIMIT_WRITES_PER_MINUTE",
    "AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE",
    "AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE",
    "AGORA_RATE_LIMIT_PAGES_PER_MINUTE",
    "AGORA_PURSE_REGISTER_PER_MINUTE",
  ].map((name) => [name, "100000"]),
);
const env = {
  ...process.env,
  ...budgets,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  AGORA_PUBLIC_URL: process.env.AGORA_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
};
if (!env.DATABASE_URL) {
  // Named by port, so the browser tests find the database behind the app they drive.
  env.AGORA_DATA_DIR = path.resolve(".test-data", `e2e-port-${port}`);
  fs.rmSync(env.AGORA_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(env.AGORA_DATA_DIR, { recursive: true });
}
const next = path.resolve("node_modules/next/dist/bin/next");
const run = (args) => {
  const result = spawnSync(args[0], args.slice(1), { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const distDir = env.AGORA_NEXT_DIST_DIR || ".next";
if (!(env.AGORA_TEST_REUSE_BUILD === "1" && fs.existsSync(path.join(distDir, "BUILD_ID")))) run([process.execPath, next, "build"]);
run(["npm", "run", "--silent", "db:seed"]);
// Token polls read balances from a real local chain: anvil (chain 31337) on the app's port +
// 20000, where the browser tests deploy and mint too (e2e/helpers/e2e-chain.ts).
let anvil = null;
if (!env.AGORA_RPC_URLS) {
  const rpcPort = Number(port) + 20000;
  anvil = spawn(path.resolve("node_modules/.bin/anvil"), ["--port", String(rpcPort), "--host", "127.0.0.1", "--chain-id", "31337", "--silent"], {
    stdio: "ignore",
  });
  env.AGORA_RPC_URLS = `31337=http://127.0.0.1:${rpcPort}`;
}
// Archives (contract section 19) go to a local Arweave gateway: arlocal on the app's port + 21000,
// in a temp folder of its own (it writes a logs file into its working directory), paid for by a
// wallet generated here and funded by arlocal's /mint.
let arlocal = null;
let arlocalDir = null;
if (!env.AGORA_ARWEAVE_URL) {
  const gatewayPort = Number(port) + 21000;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  arlocalDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-e2e-arlocal-"));
  arlocal = spawn(path.resolve("node_modules/.bin/arlocal"), [String(gatewayPort), "--dbpath", "db", "--hidelogs"], { cwd: arlocalDir, stdio: "ignore" });
  const arweave = Arweave.init({});
  const key = await arweave.wallets.generate();
  env.AGORA_ARWEAVE_KEY_FILE = path.join(arlocalDir, "arweave-key.json");
  fs.writeFileSync(env.AGORA_ARWEAVE_KEY_FILE, JSON.stringify(key), { mode: 0o600 });
  env.AGORA_ARWEAVE_URL = gatewayUrl;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${gatewayUrl}/info`)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) break;
    if (tries > 300) throw new Error("arlocal did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fetch(`${gatewayUrl}/mint/${await arweave.wallets.jwkToAddress(key)}/100000000000000`);
  await fetch(`${gatewayUrl}/mine`);
}
// Email (contract section 20) goes to a loopback SMTP server on the app's port + 22000; each message
// is a file in .test-data/e2e-mail-<port>, where the browser tests read it (e2e/ui/email-settings.spec.ts).
let smtp = null;
if (!env.AGORA_SMTP_URL) {
  const mailDir = path.resolve(".test-data", `e2e-mail-${port}`);
  fs.rmSync(mailDir, { recursive: true, force: true });
  smtp = await startTestSmtp(mailDir, Number(port) + 22000);
  env.AGORA_SMTP_URL = smtp.url;
  env.AGORA_MAIL_FROM = "Agora <forum@agora.test>";
  env.AGORA_EMAIL_DELAY_SECONDS = env.AGORA_EMAIL_DELAY_SECONDS ?? "2";
  env.AGORA_EMAIL_SWEEP_MS = env.AGORA_EMAIL_SWEEP_MS ?? "500";
}
const stopHelpers = () => {
  anvil?.kill("SIGTERM");
  arlocal?.kill("SIGKILL");
  void smtp?.stop();
  if (arlocalDir) fs.rmSync(arlocalDir, { recursive: true, force: true });
};
const server = spawn(process.execPath, nextStartArgs(port, env), { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopHelpers();
    server.kill(signal);
  });
server.on("exit", (code) => {
  stopHelpers();
  process.exit(code ?? 0);
});
