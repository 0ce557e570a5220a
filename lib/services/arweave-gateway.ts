import "server-only";
import { readFile } from "node:fs/promises";
import Arweave from "arweave";
import type { JWKInterface } from "arweave/node/lib/wallet";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

// The Arweave gateway archives are posted to (contract section 19): AGORA_ARWEAVE_URL, paid for by
// the wallet in AGORA_ARWEAVE_KEY_FILE. Without both, archiving is off on this site.

interface Gateway {
  client: Arweave;
  key: JWKInterface;
}

const globalForGateway = globalThis as unknown as { agoraArweave?: Promise<Gateway>; agoraArweaveOffLogged?: boolean };

async function openGateway(url: string, keyFile: string): Promise<Gateway> {
  const parsed = new URL(url);
  const protocol = parsed.protocol.replace(":", "");
  const port = parsed.port || (protocol === "https" ? 443 : 80);
  const client = Arweave.init({ host: parsed.hostname, port, protocol, timeout: 20_000, logging: false });
  const key = JSON.parse(await readFile(keyFile, "utf8")) as JWKInterface;
  return { client, key };
}

function gateway(): Promise<Gateway> {
  const env = getEnv();
  if (!env.AGORA_ARWEAVE_URL || !env.AGORA_ARWEAVE_KEY_FILE) {
    if (!globalForGateway.agoraArweaveOffLogged) {
      globalForGateway.agoraArweaveOffLogged = true;
      logger.warn("archiving is off: AGORA_ARWEAVE_URL and AGORA_ARWEAVE_KEY_FILE are not both set; archive jobs wait and retry");
    }
    return Promise.reject(new Error("archiving is off on this instance: AGORA_ARWEAVE_URL and AGORA_ARWEAVE_KEY_FILE are not set"));
  }
  globalForGateway.agoraArweave ??= openGateway(env.AGORA_ARWEAVE_URL, env.AGORA_ARWEAVE_KEY_FILE).catch((error: unknown) => {
    globalForGateway.agoraArweave = undefined;
    throw error;
  });
  return globalForGateway.agoraArweave;
}

/** The tags every archive carries, beside its data. */
export interface ArchiveTags {
  postId: number;
  cid: string;
}

/**
 * Posts `data` as one signed transaction and answers its id. A gateway that does not accept it
 * (down, unfunded wallet, any status but 200) throws: the job is retried.
 */
export async function postArchiveTransaction(data: Uint8Array, tags: ArchiveTags): Promise<string> {
  const { client, key } = await gateway();
  const transaction = await client.createTransaction({ data }, key);
  transaction.addTag("App-Name", "Agora");
  transaction.addTag("Content-Type", "application/json");
  transaction.addTag("Agora-Post-Id", String(tags.postId));
  transaction.addTag("Agora-Cid", tags.cid);
  await client.transactions.sign(transaction, key);
  const answer = await client.transactions.post(transaction);
  // 208: the gateway already has this transaction (a retry after a lost answer).
  if (answer.status !== 200 && answer.status !== 208) {
    throw new Error(`the Arweave gateway refused the archive: ${answer.status} ${answer.statusText || JSON.stringify(answer.data)}`);
  }
  return transaction.id;
}

/** The admin health page's look at the gateway: null when archiving is off, else whether it answers its /info. */
export async function checkArchiveGateway(timeoutMs: number): Promise<"ok" | "unavailable" | null> {
  const url = getEnv().AGORA_ARWEAVE_URL;
  if (!url || !getEnv().AGORA_ARWEAVE_KEY_FILE) return null;
  try {
    const response = await fetch(new URL("/info", url), { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok ? "ok" : "unavailable";
  } catch {
    return "unavailable";
  }
}
