import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

/**
 * The key that signs user tokens: AGORA_SECRET, or one generated on first start and kept in
 * AGORA_DATA_DIR so tokens outlive a restart. Several instances must share AGORA_SECRET.
 */
export function getServerSecret(): Uint8Array {
  return resource("auth.secret", readServerSecret);
}

function readServerSecret(): Uint8Array {
  const env = getEnv();
  let secret = env.AGORA_SECRET;
  if (!secret) {
    const file = path.resolve(env.AGORA_DATA_DIR, "secret");
    if (fs.existsSync(file)) {
      secret = fs.readFileSync(file, "utf8").trim();
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      secret = randomBytes(48).toString("base64url");
      try {
        fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      } catch {
        // Another process wrote it first: use that one so both agree.
        secret = fs.readFileSync(file, "utf8").trim();
      }
    }
  }
  return new TextEncoder().encode(secret);
}

/**
 * An HMAC of `text` under the server secret. Each use puts its own purpose at the start of `text`,
 * so a value signed for one use never passes for another.
 */
export function signWithServerSecret(text: string, encoding: "base64url" | "hex" = "base64url"): string {
  return createHmac("sha256", getServerSecret()).update(text).digest(encoding);
}
