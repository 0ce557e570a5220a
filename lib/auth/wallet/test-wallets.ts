// Real keys for tests and Playwright; deliberately free of `server-only` so it
// runs outside Next.js, and independent of the code it is used to check.
import { createHash, generateKeyPairSync, sign as signBytes, constants, type KeyObject } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface EvmTestWallet {
  /** Lowercase, the form the server stores. */
  address: string;
  /** EIP-55 mixed case, the form a browser wallet reports. */
  checksumAddress: string;
  privateKey: `0x${string}`;
  sign(message: string): Promise<string>;
}

export interface PermawebTestWallet {
  /** The JWK `n`, unpadded base64url: what a client sends as web3_public_key. */
  publicKey: string;
  /** base64url(SHA-256(modulus bytes)). */
  address: string;
  privateKey: KeyObject;
  sign(message: string): string;
}

export function createEvmTestWallet(privateKey: `0x${string}` = generatePrivateKey()): EvmTestWallet {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address.toLowerCase(),
    checksumAddress: account.address,
    privateKey,
    sign: (message) => account.signMessage({ message }),
  };
}

export function createPermawebTestWallet(): PermawebTestWallet {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
  const { n } = publicKey.export({ format: "jwk" });
  if (!n) throw new Error("RSA public key exported without a modulus");
  return {
    publicKey: n,
    address: createHash("sha256").update(Buffer.from(n, "base64url")).digest("base64url"),
    privateKey,
    sign: (message) =>
      signBytes("sha256", Buffer.from(message, "utf8"), {
        key: privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 32,
      }).toString("base64url"),
  };
}
