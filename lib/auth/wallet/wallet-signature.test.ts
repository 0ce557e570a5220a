import { constants, generateKeyPairSync, sign as signBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

import { createEvmTestWallet, createPermawebTestWallet } from "./test-wallets";
import { normalizeWalletKey } from "./wallet-address";
import { buildWalletMessage, statementFor } from "./wallet-message";
import { verifyWalletSignature } from "./wallet-signature";

const messageFor = (address: string, walletType: 1 | 2 | 3 | 4 | 5, nonce = "0123456789abcdef0123456789abcdef") =>
  buildWalletMessage({
    scheme: "https",
    domain: "forum.example",
    uri: "https://forum.example",
    chainId: 1,
    address,
    account: walletType === 3 ? "permaweb" : "ethereum",
    statement: statementFor("sign_in", "Agora"),
    nonce,
    issuedAt: new Date("2026-11-21T05:00:00.000Z"),
    expiresAt: new Date("2026-11-21T05:10:00.000Z"),
  });

describe("verifyWalletSignature: EVM-style", () => {
  it.each([1, 2, 5] as const)("accepts a personal_sign signature for type %i", async (walletType) => {
    const wallet = createEvmTestWallet();
    const message = messageFor(wallet.address, walletType);
    const signature = await wallet.sign(message);
    await expect(verifyWalletSignature({ walletType, address: wallet.address, publicKey: null, message, signature })).resolves.toBe(true);
  });

  it("accepts a checksummed (mixed-case) address", async () => {
    const wallet = createEvmTestWallet();
    expect(wallet.checksumAddress).toMatch(/[A-F]/);
    const message = messageFor(wallet.address, 5);
    const signature = await wallet.sign(message);
    const input = { walletType: 5 as const, publicKey: null, message, signature };
    await expect(verifyWalletSignature({ ...input, address: wallet.checksumAddress })).resolves.toBe(true);
    await expect(verifyWalletSignature({ ...input, address: wallet.address.toUpperCase().replace("0X", "0x") })).resolves.toBe(true);
  });

  it("rejects a signature made by another key", async () => {
    const wallet = createEvmTestWallet();
    const other = createEvmTestWallet();
    const message = messageFor(wallet.address, 5);
    const signature = await other.sign(message);
    await expect(verifyWalletSignature({ walletType: 5, address: wallet.address, publicKey: null, message, signature })).resolves.toBe(false);
  });

  it("rejects a signature over a different message", async () => {
    const wallet = createEvmTestWallet();
    const signature = await wallet.sign(messageFor(wallet.address, 5, "ffffffffffffffffffffffffffffffff"));
    const message = messageFor(wallet.address, 5);
    await expect(verifyWalletSignature({ walletType: 5, address: wallet.address, publicKey: null, message, signature })).resolves.toBe(false);
  });

  it("still verifies the same signature when v is given as 0/1 (some hardware wallets)", async () => {
    const wallet = createEvmTestWallet();
    const message = messageFor(wallet.address, 2);
    const signature = await wallet.sign(message);
    const v = Number.parseInt(signature.slice(130), 16);
    const lowV = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, "0")}`;
    expect(lowV).not.toBe(signature);
    await expect(verifyWalletSignature({ walletType: 2, address: wallet.address, publicKey: null, message, signature: lowV })).resolves.toBe(true);
  });

  it.each([
    ["an empty string", ""],
    ["plain text", "not a signature"],
    ["hex without 0x", "ab".repeat(65)],
    ["64 bytes", `0x${"ab".repeat(64)}`],
    ["66 bytes", `0x${"ab".repeat(66)}`],
    ["65 zero bytes", `0x${"00".repeat(65)}`],
    ["an invalid v byte", `0x${"11".repeat(64)}05`],
    ["r and s beyond the curve order", `0x${"ff".repeat(64)}1b`],
  ])("returns false without throwing for %s", async (_label, signature) => {
    const wallet = createEvmTestWallet();
    const message = messageFor(wallet.address, 5);
    await expect(verifyWalletSignature({ walletType: 5, address: wallet.address, publicKey: null, message, signature })).resolves.toBe(false);
  });
});

describe("verifyWalletSignature: permaweb", () => {
  const wallet = createPermawebTestWallet();
  const message = messageFor(wallet.address, 3);
  const valid = { walletType: 3 as const, address: wallet.address, publicKey: wallet.publicKey, message };
  const signWith = (options: { padding: number; saltLength?: number }, text = message) =>
    signBytes("sha256", Buffer.from(text, "utf8"), { key: wallet.privateKey, ...options }).toString("base64url");

  it("accepts an RSA-PSS SHA-256 signature with salt length 32", async () => {
    await expect(verifyWalletSignature({ ...valid, signature: wallet.sign(message) })).resolves.toBe(true);
  });

  it("accepts a padded base64url signature", async () => {
    const signature = wallet.sign(message);
    const padded = signature.length % 4 === 0 ? signature : `${signature}${"=".repeat(4 - (signature.length % 4))}`;
    await expect(verifyWalletSignature({ ...valid, signature: padded })).resolves.toBe(true);
  });

  it("signs the UTF-8 bytes of the message", async () => {
    const text = messageFor(wallet.address, 3).replace("Sign in to Agora", "Sign in to Agorá — ünïcødé");
    const signature = wallet.sign(text);
    await expect(verifyWalletSignature({ ...valid, message: text, signature })).resolves.toBe(true);
  });

  it("rejects a signature made by another key", async () => {
    const other = createPermawebTestWallet();
    await expect(verifyWalletSignature({ ...valid, signature: other.sign(message) })).resolves.toBe(false);
  });

  it("rejects a signature over a different message", async () => {
    const signature = wallet.sign(messageFor(wallet.address, 3, "ffffffffffffffffffffffffffffffff"));
    await expect(verifyWalletSignature({ ...valid, signature })).resolves.toBe(false);
  });

  it.each([0, 20, 64])("rejects a PSS signature with salt length %i", async (saltLength) => {
    const signature = signWith({ padding: constants.RSA_PKCS1_PSS_PADDING, saltLength });
    await expect(verifyWalletSignature({ ...valid, signature })).resolves.toBe(false);
  });

  it("rejects a PKCS#1 v1.5 signature", async () => {
    const signature = signWith({ padding: constants.RSA_PKCS1_PADDING });
    await expect(verifyWalletSignature({ ...valid, signature })).resolves.toBe(false);
  });

  it("rejects when the address is not the hash of the given modulus", async () => {
    const other = createPermawebTestWallet();
    const signature = wallet.sign(message);
    await expect(verifyWalletSignature({ ...valid, address: other.address, signature })).resolves.toBe(false);
  });

  it("rejects a key with exponent other than 65537 even if its signature is valid", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 });
    const n = publicKey.export({ format: "jwk" }).n ?? "";
    const signature = signBytes("sha256", Buffer.from(message), {
      key: privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    }).toString("base64url");
    // The modulus itself is acceptable, so only the exponent can make this fail.
    const normalized = normalizeWalletKey(3, n);
    if (!normalized.ok) throw new Error(normalized.error);
    const address = normalized.address;
    await expect(verifyWalletSignature({ ...valid, address, publicKey: n, signature })).resolves.toBe(false);
  });

  it.each([
    ["a missing public key", { publicKey: null }],
    ["a malformed public key", { publicKey: "%%%" }],
    ["an empty signature", { signature: "" }],
    ["a non-base64url signature", { signature: "***" }],
    ["a truncated signature", { signature: "AAAA" }],
    ["an EVM signature", { signature: `0x${"ab".repeat(65)}` }],
  ])("returns false without throwing for %s", async (_label, override) => {
    const input = { ...valid, signature: wallet.sign(message), ...override };
    await expect(verifyWalletSignature(input)).resolves.toBe(false);
  });
});

describe("verifyWalletSignature: web wallet", () => {
  it("always returns false because type 4 has no signature scheme", async () => {
    const evm = createEvmTestWallet();
    const message = messageFor(evm.address, 4);
    const signature = await evm.sign(message);
    await expect(verifyWalletSignature({ walletType: 4, address: evm.address, publicKey: null, message, signature })).resolves.toBe(false);
  });
});
