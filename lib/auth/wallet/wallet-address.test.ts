import { createHash, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";

import { createEvmTestWallet, createPermawebTestWallet } from "./test-wallets";
import { normalizeWalletKey } from "./wallet-address";
import { isEvmStyle, WalletTypeSchema } from "@/lib/schemas/wallet-types";

const modulusOfBytes = (bytes: Buffer) => bytes.toString("base64url");
// An odd value with the top bit set passes the sanity checks at any length.
const fakeModulus = (length: number) => {
  const bytes = Buffer.alloc(length, 0xab);
  bytes[0] = 0xc1;
  return bytes;
};

describe("normalizeWalletKey: EVM-style (1, 2, 5)", () => {
  it.each([1, 2, 5] as const)("lowercases a checksummed address for type %i", (type) => {
    const wallet = createEvmTestWallet();
    expect(wallet.checksumAddress).not.toBe(wallet.address);
    expect(normalizeWalletKey(type, wallet.checksumAddress)).toEqual({
      ok: true,
      address: wallet.address,
      publicKey: null,
    });
  });

  it("accepts an all-uppercase hex body and trims surrounding whitespace", () => {
    const result = normalizeWalletKey(5, "  0xABCDEF0123456789ABCDEF0123456789ABCDEF01\n");
    expect(result).toEqual({ ok: true, address: "0xabcdef0123456789abcdef0123456789abcdef01", publicKey: null });
  });

  it.each([
    ["no 0x prefix", "abcdef0123456789abcdef0123456789abcdef01"],
    ["uppercase 0X prefix", "0XABCDEF0123456789ABCDEF0123456789ABCDEF01"],
    ["39 hex digits", "0xabcdef0123456789abcdef0123456789abcdef0"],
    ["41 hex digits", "0xabcdef0123456789abcdef0123456789abcdef012"],
    ["a non-hex character", "0xabcdef0123456789abcdef0123456789abcdef0g"],
    ["an inner space", "0xabcdef0123456789abcd ef0123456789abcdef01"],
  ])("rejects an address with %s", (_label, key) => {
    const result = normalizeWalletKey(5, key);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe("web3_public_key must be a 0x-prefixed 20-byte hex address.");
  });
});

describe("normalizeWalletKey: permaweb (3)", () => {
  it("derives the address as base64url(SHA-256(modulus bytes))", () => {
    const wallet = createPermawebTestWallet();
    const expected = createHash("sha256").update(Buffer.from(wallet.publicKey, "base64url")).digest("base64url");
    const result = normalizeWalletKey(3, wallet.publicKey);
    expect(result).toEqual({ ok: true, address: expected, publicKey: wallet.publicKey });
    if (result.ok) expect(result.address).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("strips base64 padding from the stored modulus", () => {
    // 257 bytes encodes to a length that needs padding.
    const modulus = fakeModulus(257);
    const unpadded = modulusOfBytes(modulus);
    const result = normalizeWalletKey(3, `${unpadded}=`);
    expect(result.ok && result.publicKey).toBe(unpadded);
  });

  it("accepts an 8192-bit modulus", () => {
    expect(normalizeWalletKey(3, modulusOfBytes(fakeModulus(1024))).ok).toBe(true);
  });

  it("accepts a real 4096-bit key", () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 4096, publicExponent: 65537 });
    const n = publicKey.export({ format: "jwk" }).n ?? "";
    expect(normalizeWalletKey(3, n)).toMatchObject({ ok: true, publicKey: n });
  });

  it.each([
    ["standard base64 characters", () => `${modulusOfBytes(fakeModulus(256)).slice(0, -2)}+/`, "base64url RSA modulus"],
    ["an impossible length", () => `${modulusOfBytes(fakeModulus(255))}A`, "base64url RSA modulus"],
    ["non-canonical trailing bits", () => `${modulusOfBytes(fakeModulus(256)).slice(0, -1)}B`, "base64url RSA modulus"],
    ["a 1024-bit modulus", () => modulusOfBytes(fakeModulus(128)), "2048- to 8192-bit"],
    ["a 255-byte modulus", () => modulusOfBytes(fakeModulus(255)), "2048- to 8192-bit"],
    ["a 1025-byte modulus", () => modulusOfBytes(fakeModulus(1025)), "2048- to 8192-bit"],
    ["a leading zero byte", () => modulusOfBytes(Buffer.concat([Buffer.from([0]), fakeModulus(256)])), "not a valid RSA modulus"],
    ["an even value", () => modulusOfBytes(Buffer.concat([fakeModulus(255), Buffer.from([2])])), "not a valid RSA modulus"],
    ["an EVM address", () => "0xabcdef0123456789abcdef0123456789abcdef01", "base64url RSA modulus"],
  ])("rejects %s", (_label, makeKey, message) => {
    const result = normalizeWalletKey(3, makeKey());
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain("web3_public_key");
      expect(result.error).toContain(message);
    }
  });
});

describe("normalizeWalletKey: web wallet (4)", () => {
  it("keeps the key trimmed as the address", () => {
    expect(normalizeWalletKey(4, "  user-42@web  ")).toEqual({ ok: true, address: "user-42@web", publicKey: null });
  });

  it("accepts exactly 128 characters and rejects 129", () => {
    expect(normalizeWalletKey(4, "a".repeat(128)).ok).toBe(true);
    expect(normalizeWalletKey(4, "a".repeat(129))).toEqual({
      ok: false,
      error: "web3_public_key must be at most 128 characters.",
    });
  });

  it("rejects control characters inside the key", () => {
    expect(normalizeWalletKey(4, "abc\ndef")).toEqual({
      ok: false,
      error: "web3_public_key must not contain control characters.",
    });
  });
});

describe("normalizeWalletKey: empty input", () => {
  it.each([1, 2, 3, 4, 5] as const)("rejects a blank key for type %i", (type) => {
    expect(normalizeWalletKey(type, "   ")).toEqual({ ok: false, error: "web3_public_key is required." });
  });
});

describe("wallet types", () => {
  it("classifies 1, 2 and 5 as EVM-style and 3, 4 as not", () => {
    expect([1, 2, 3, 4, 5].map((t) => isEvmStyle(t as 1 | 2 | 3 | 4 | 5))).toEqual([true, true, false, false, true]);
  });

  it.each([
    [5, 5],
    ["5", 5],
    [" 3 ", 3],
    [1, 1],
  ])("parses %j as %i", (input, expected) => {
    expect(WalletTypeSchema.parse(input)).toBe(expected);
  });

  it.each([0, 6, 2.5, "6", "five", "", "0x5", null, undefined, true])("rejects %j", (input) => {
    const result = WalletTypeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("must be one of 1, 2, 3, 4, 5");
  });
});
