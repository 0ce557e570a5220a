import "server-only";
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

// SCRAM-SHA-256 (RFC 5802, RFC 7677) as PostgreSQL speaks it, server side: the client proves
// it knows the password without sending it, and the server proves it back. No channel binding:
// the wire server is plain loopback TCP. The password is random base64url text, so SASLprep
// leaves it unchanged and is not needed here.

const ITERATIONS = 4096;

export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** What the server keeps of the password (PostgreSQL stores the same in pg_authid). */
export function createScramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, "sha256");
  return { salt, iterations: ITERATIONS, storedKey: sha256(hmac(salted, "Client Key")), serverKey: hmac(salted, "Server Key") };
}

const CLIENT_FIRST = /^([ny]),,(n=[^,]*,r=([^,]+))$/;
const CLIENT_FINAL = /^(c=([^,]*),r=([^,]+)),p=([^,]+)$/;

/** One exchange: `start` answers the client's first message, `finish` checks its proof. */
export class ScramExchange {
  private gs2Header = "";
  private clientFirstBare = "";
  private serverFirst = "";
  private nonce = "";

  constructor(private readonly verifier: ScramVerifier) {}

  /** client-first-message → server-first-message; null when malformed. */
  start(clientFirst: string): string | null {
    const match = CLIENT_FIRST.exec(clientFirst);
    if (!match) return null;
    this.gs2Header = `${match[1]},,`;
    this.clientFirstBare = match[2]!;
    this.nonce = match[3]! + randomBytes(18).toString("base64");
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString("base64")},i=${this.verifier.iterations}`;
    return this.serverFirst;
  }

  /** client-final-message → server-final-message; null when malformed or the proof is wrong. */
  finish(clientFinal: string): string | null {
    const match = CLIENT_FINAL.exec(clientFinal);
    if (!this.nonce || !match) return null;
    const [, withoutProof, binding, nonce, proofText] = match;
    if (binding !== Buffer.from(this.gs2Header).toString("base64") || nonce !== this.nonce) return null;
    const proof = Buffer.from(proofText!, "base64");
    if (proof.length !== this.verifier.storedKey.length) return null;
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const signature = hmac(this.verifier.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return null;
    return `v=${hmac(this.verifier.serverKey, authMessage).toString("base64")}`;
  }
}
