import { describe, expect, it } from "vitest";

import { buildWalletMessage, generateNonce, parseWalletMessage, type WalletMessageFields } from "./wallet-message";

const fields: WalletMessageFields = {
  site: "agora",
  address: "0xabcdef0123456789abcdef0123456789abcdef01",
  walletType: 5,
  nonce: "3f9c0d1e2a4b5c6d7e8f901234567890",
  issuedAt: new Date("2026-11-21T05:00:00.000Z"),
  expiresAt: new Date("2026-11-21T05:10:00.000Z"),
};

const expectedText = [
  "agora wants you to sign in with your wallet:",
  "0xabcdef0123456789abcdef0123456789abcdef01",
  "",
  "Sign this message to prove you own this wallet. It costs nothing and sends no transaction.",
  "",
  "Wallet type: 5",
  "Nonce: 3f9c0d1e2a4b5c6d7e8f901234567890",
  "Issued At: 2026-11-21T05:00:00.000Z",
  "Expiration Time: 2026-11-21T05:10:00.000Z",
].join("\n");

describe("buildWalletMessage", () => {
  it("produces the documented text naming the site, address and nonce", () => {
    expect(buildWalletMessage(fields)).toBe(expectedText);
  });

  it.each([
    ["a multi-line site", { site: "agora\nevil" }],
    ["an empty site", { site: "" }],
    ["an address with a newline", { address: "0xabc\nNonce: x" }],
    ["an address with surrounding spaces", { address: " 0xabc " }],
    ["a short nonce", { nonce: "abc" }],
    ["a nonce with spaces", { nonce: "3f9c0d1e2a4b 5c6d7e8f90123456" }],
    ["an invalid date", { issuedAt: new Date("nope") }],
    ["an expiry before issue", { expiresAt: new Date("2026-11-21T04:59:59.000Z") }],
    ["an unknown wallet type", { walletType: 9 as unknown as 5 }],
  ])("refuses %s", (_label, override) => {
    expect(() => buildWalletMessage({ ...fields, ...override })).toThrow(/Cannot build wallet message/);
  });
});

describe("parseWalletMessage", () => {
  it("round-trips every field", () => {
    const parsed = parseWalletMessage(buildWalletMessage(fields));
    expect(parsed).toEqual(fields);
    expect(parsed?.issuedAt).toBeInstanceOf(Date);
  });

  it.each([
    { walletType: 3 as const, address: "a".repeat(43), site: "forum.example.com:3000" },
    { walletType: 4 as const, address: "user 42 @ web" },
  ])("round-trips other wallet types (%j)", (override) => {
    expect(parseWalletMessage(buildWalletMessage({ ...fields, ...override }))).toEqual({ ...fields, ...override });
  });

  const tamper = (from: string, to: string) => expectedText.replace(from, to);
  it.each([
    ["a changed statement", tamper("costs nothing", "costs 1 ETH")],
    ["a changed header", tamper("wants you to sign in", "wants you to log in")],
    ["CRLF line endings", expectedText.replaceAll("\n", "\r\n")],
    ["a trailing newline", `${expectedText}\n`],
    ["an extra line", `${expectedText}\nResources: x`],
    ["a missing line", expectedText.split("\n").slice(0, 8).join("\n")],
    ["a non-canonical date", tamper("2026-11-21T05:00:00.000Z", "2026-11-21T05:00:00Z")],
    ["an impossible date", tamper("2026-11-21T05:00:00.000Z", "2026-13-41T05:00:00.000Z")],
    ["an expiry before issue", tamper("05:10:00.000Z", "04:10:00.000Z")],
    ["wallet type 0", tamper("Wallet type: 5", "Wallet type: 0")],
    ["wallet type 05", tamper("Wallet type: 5", "Wallet type: 05")],
    ["an empty wallet type", tamper("Wallet type: 5", "Wallet type: ")],
    ["a short nonce", tamper("Nonce: 3f9c0d1e2a4b5c6d7e8f901234567890", "Nonce: 3f9c")],
    ["a nonce label in another case", tamper("Nonce:", "nonce:")],
    ["an empty address", tamper("0xabcdef0123456789abcdef0123456789abcdef01\n", "\n")],
    ["an empty site", tamper("agora wants", " wants")],
    ["text before the header", `hello\n${expectedText}`],
    ["an empty string", ""],
  ])("returns null for %s", (_label, message) => {
    expect(parseWalletMessage(message)).toBeNull();
  });

  it("accepts the untampered text (control for the cases above)", () => {
    expect(parseWalletMessage(expectedText)?.nonce).toBe(fields.nonce);
  });
});

describe("generateNonce", () => {
  it("returns 32 lowercase hex characters usable in a message", () => {
    const nonce = generateNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(parseWalletMessage(buildWalletMessage({ ...fields, nonce }))?.nonce).toBe(nonce);
  });

  it("does not repeat", () => {
    const nonces = new Set(Array.from({ length: 200 }, () => generateNonce()));
    expect(nonces.size).toBe(200);
  });
});
