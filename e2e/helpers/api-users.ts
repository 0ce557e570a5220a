import { createHash, randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { withDatabase } from "./database";

// Other people for a browser test, made through the API the way a third-party client would:
// a key of this run planted as its hash (as `npm run apikey` stores keys), wallet users
// registered with a signed proof, and calls made with their tokens.

export interface ApiUser {
  id: number;
  username: string;
  token: string;
}

/** A multipart body (an upload): fields and files. */
type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

export interface ApiClient {
  call<T>(
    method: "GET" | "POST",
    path: string,
    options?: { token?: string; data?: object; params?: Record<string, string | number>; multipart?: Multipart },
  ): Promise<T>;
  registerUser(username: string, wallet?: EvmTestWallet): Promise<ApiUser>;
}

/** Plants a fresh API key in the database behind `baseURL` and answers a client using it. */
export async function createApiClient(request: APIRequestContext, baseURL: string, label: string): Promise<ApiClient> {
  const apiKey = `agora_e2e_${randomBytes(18).toString("base64url")}`;
  await withDatabase(baseURL, (db) =>
    db.query("INSERT INTO api_keys (label, key_hash, prefix) VALUES ($1, $2, $3)", [
      label,
      createHash("sha256").update(apiKey).digest("hex"),
      apiKey.slice(0, 12),
    ]),
  );
  const call: ApiClient["call"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { api_key: apiKey };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await request.fetch(path, { method, headers, data: options.data, params: options.params, multipart: options.multipart });
    const body = (await response.json()) as { description: string; data: never };
    expect(body.description, `${method} ${path}`).toBe("");
    expect(response.status(), `${method} ${path}`).toBe(200);
    return body.data;
  };
  const registerUser: ApiClient["registerUser"] = async (username, wallet = createEvmTestWallet()) => {
    const { message } = await call<{ message: string }>("GET", "/api/wallet/nonce", { params: { web3_public_key: wallet.checksumAddress, wallet_type: 5 } });
    const proof = { web3_public_key: wallet.checksumAddress, wallet_type: 5, signMsg: message, sign: await wallet.sign(message) };
    const data = await call<{ user: { id: number }; api_token: string }>("POST", "/api/wallet/register", { data: { ...proof, username, photo_url: "" } });
    return { id: data.user.id, username, token: data.api_token };
  };
  return { call, registerUser };
}

export const textDelta = (text: string) => JSON.stringify([{ insert: `${text}\n` }]);
