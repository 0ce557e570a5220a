import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { GENEROUS_BUDGETS } from "./budgets";
import { buildApp, runPackageScript, startServer, type RunningServer } from "./server-process";
import { prepareTestDatabase } from "./test-database";
import { ANVIL_CHAIN_ID, startAnvil, type RunningChain } from "./anvil";
import { writeTestWalletKey } from "./arlocal";
import { findFreePortBlock } from "./free-port";
import { startTestSmtp, type RunningSmtp } from "./test-smtp";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    dataDir: string;
    databaseUrl: string;
    rpcUrl: string;
    /** The archive gateway's port and wallet (tests/api/archives.test.ts starts arlocal there itself). */
    arweavePort: number;
    arweaveKeyFile: string;
    arweaveAddress: string;
    /** Where the loopback SMTP server writes each message it receives (tests/support/mailbox.ts reads them). */
    mailDir: string;
    smtpUrl: string;
  }
}

let server: RunningServer | undefined;
let chain: RunningChain | undefined;
let smtp: RunningSmtp | undefined;

/** The tally of tests/support/openapi-validator.ts: how many API answers were checked against the document. */
function reportValidatedResponses(dataDir: string): void {
  const file = path.join(dataDir, "openapi-validated.txt");
  if (!fs.existsSync(file)) return;
  const total = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line), 0);
  console.log(`OpenAPI: ${total} API responses validated against /api/openapi.json`);
}

/** One real server for the whole run: API tests speak HTTP to it, on a database of their own. */
export default async function setup(project: TestProject) {
  const { databaseUrl, dataDir } = prepareTestDatabase();
  buildApp();
  // Token gates read balances from a real local chain (tests/api/token-gates.test.ts).
  chain = await startAnvil();
  // Archives (contract section 19) go to a gateway at this port, which tests/api/archives.test.ts
  // starts (and stops, to show a gateway that is down delays archives): until then jobs retry.
  const arweavePort = await findFreePortBlock(1);
  const arweaveWallet = await writeTestWalletKey(dataDir);
  // The hardening suite's authorization matrix checks that a refused write changes no row anywhere;
  // on a database the API tests used before, a sweep re-checking (or removing) their gated members
  // every second would change rows under it. It runs hourly there.
  // Email (contract section 20) goes to a real SMTP server on loopback; notifications wait 2 s
  // instead of a minute, and the outbox is looked at every half second.
  smtp = await startTestSmtp(path.join(dataDir, "mail"));
  const hardening = project.config.include.some((glob) => glob.startsWith("tests/hardening"));
  server = await startServer({
    AGORA_RPC_URLS: `${ANVIL_CHAIN_ID}=${chain.rpcUrl}`,
    // Members' gate checks go stale after 2 s and the sweep runs every second, so a test can watch it act.
    AGORA_GATE_RECHECK_MS: "2000",
    AGORA_GATE_SWEEP_MS: hardening ? "3600000" : "1000",
    // days_member badges are granted every second, so a test can watch the job act.
    AGORA_BADGE_GRANT_MS: hardening ? "3600000" : "1000",
    AGORA_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    LOG_LEVEL: "warn",
    // The suite sends far more requests than any client should: every budget is generous.
    ...GENEROUS_BUDGETS,
    // Every API answer carries X-Agora-Db-Queries (tests/api/sql-round-trips.test.ts reads it).
    AGORA_COUNT_QUERIES: "1",
    // The key is looked up once for the run, so a request's statement count never depends on
    // when the last lookup was (the suite never revokes its key).
    AGORA_API_KEY_RECHECK_SECONDS: "3600",
    // A token's check is kept for the run too: only the drops (logout, profile changes) may end
    // it, so every test that revokes or renames and then reads proves they reach the check.
    AGORA_TOKEN_RECHECK_SECONDS: "3600",
    // tests/api/image-proxy.test.ts serves its images from 127.0.0.1 (and only there); small cap, quick tests.
    AGORA_IMAGE_PROXY_ALLOW_PRIVATE: "127.0.0.1",
    AGORA_IMAGE_PROXY_MAX_BYTES: "262144",
    AGORA_ARWEAVE_URL: `http://127.0.0.1:${arweavePort}`,
    AGORA_ARWEAVE_KEY_FILE: arweaveWallet.keyFile,
    // Tips (tests/api/tips.test.ts) need two confirmations, so a test can show one is too few, and
    // are re-checked 3 s after they are registered, so a test can watch a reorg remove one.
    AGORA_TIP_CONFIRMATIONS: "2",
    AGORA_TIP_RECHECK_SECONDS: "3",
    AGORA_SMTP_URL: smtp.url,
    AGORA_MAIL_FROM: "Agora <forum@agora.test>",
    AGORA_EMAIL_DELAY_SECONDS: "2",
    AGORA_EMAIL_SWEEP_MS: "500",
  });
  const output = runPackageScript("apikey", ["create", "api tests"], server.env);
  const apiKey = output.trim().split("\n").pop()!.trim();
  project.provide("baseUrl", server.baseUrl);
  project.provide("apiKey", apiKey);
  project.provide("dataDir", dataDir);
  project.provide("databaseUrl", databaseUrl ?? "");
  project.provide("rpcUrl", chain.rpcUrl);
  project.provide("arweavePort", arweavePort);
  project.provide("arweaveKeyFile", arweaveWallet.keyFile);
  project.provide("arweaveAddress", arweaveWallet.address);
  project.provide("mailDir", smtp.dir);
  project.provide("smtpUrl", smtp.url);
  return async () => {
    await server?.stop();
    await chain?.stop();
    await smtp?.stop();
    reportValidatedResponses(dataDir);
  };
}
