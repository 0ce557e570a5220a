import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";

// verifyUserToken keeps each token's checked signature and claims, and its check (lib/auth/token-checks.ts):
// the keeping must not outlive the token's expiry, and a revocation must show on the next use.
type Tokens = typeof import("@/lib/auth/tokens");
type Secret = typeof import("@/lib/auth/secret");
type Client = typeof import("@/lib/db/engine/client");

let tokens: Tokens;
let secret: Secret;
let client: Client;

beforeAll(async () => {
  tokens = await import("@/lib/auth/tokens");
  secret = await import("@/lib/auth/secret");
  client = await import("@/lib/db/engine/client");
});

async function anyUserId(): Promise<number> {
  const { createTestUser } = await import("../support/fixtures");
  return (await createTestUser()).id;
}

describe("verifyUserToken", () => {
  it("refuses a token once it expires, though it verified (and was kept) before", async () => {
    const userId = await anyUserId();
    const db = await client.getDb();
    const jti = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + 1_500);
    await db.authToken.create({ data: { id: jti, userId, expiresAt } });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuer("agora")
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret.getServerSecret());
    expect(await tokens.verifyUserToken(token)).toMatchObject({ userId, tokenId: jti });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 1_100));
    expect(await tokens.verifyUserToken(token)).toBeNull();
  });

  it("refuses a kept token as soon as it is revoked", async () => {
    const token = await tokens.issueUserToken(await anyUserId());
    const verified = await tokens.verifyUserToken(token);
    expect(verified).not.toBeNull();
    expect(await tokens.verifyUserToken(token)).toEqual(verified);
    await tokens.revokeUserToken(verified!.tokenId);
    expect(await tokens.verifyUserToken(token)).toBeNull();
  });

  it("refuses a token whose signature was tampered with, even after the genuine one was kept", async () => {
    const token = await tokens.issueUserToken(await anyUserId());
    expect(await tokens.verifyUserToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split(".");
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "AB" : "AA"}`;
    expect(await tokens.verifyUserToken(`${header}.${payload}.${flipped}`)).toBeNull();
  });
});
