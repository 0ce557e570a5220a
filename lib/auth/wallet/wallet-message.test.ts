import { describe, expect, it } from "vitest";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";

import { buildWalletMessage, generateNonce, parseWalletMessage, statementFor, type WalletMessageFields } from "./wallet-message";

const fields: WalletMessageFields = {
  scheme: "https",
  domain: "forum.example",
  uri: "https://forum.example",
  chainId: 1,
  address: "0xabCDeF0123456789AbcdEf0123456789aBCDEF01",
  account: "ethereum",
  statement: statementFor("sign_in", "Agora"),
  nonce: "3f9c0d1e2a4b5c6d7e8f901234567890",
  issuedAt: new Date("2026-11-21T05:00:00.000Z"),
  expiresAt: new Date("2026-11-21T05:10:00.000Z"),
};

const expectedText = [
  "https://forum.example wants you to sign in with your Ethereum account:",
  "0xabCDeF0123456789AbcdEf0123456789aBCDEF01",
  "",
  "Sign in to Agora. It proves you own this wallet, costs nothing and sends no transaction.",
  "",
  "URI: https://forum.example",
  "Version: 1",
  "Chain ID: 1",
  "Nonce: 3f9c0d1e2a4b5c6d7e8f901234567890",
  "Issued At: 2026-11-21T05:00:00.000Z",
  "Expiration Time: 2026-11-21T05:10:00.000Z",
].join("\n");

const permawebAddress = "Ab-_".repeat(10) + "xyz";

describe("buildWalletMessage", () => {
  it("produces an EIP-4361 message naming the site, chain, address, purpose and nonce", () => {
    const text = buildWalletMessage(fields);
    expect(text).toBe(expectedText);
    const siwe = parseSiweMessage(text);
    expect(siwe).toMatchObject({ scheme: "https", domain: "forum.example", uri: "https://forum.example", chainId: 1, version: "1" });
    expect(validateSiweMessage({ message: siwe, domain: "forum.example", address: fields.address as `0x${string}`, time: fields.issuedAt })).toBe(true);
    expect(validateSiweMessage({ message: siwe, time: fields.expiresAt })).toBe(false);
  });

  it("writes the EIP-55 form of a lowercase address", () => {
    expect(buildWalletMessage({ ...fields, address: fields.address.toLowerCase() })).toBe(expectedText);
  });

  it("names the purpose in the statement", () => {
    expect(statementFor("create_group", "Agora")).toMatch(/^Create a group on Agora\./);
    expect(statementFor("sign_in", "Agora")).not.toBe(statementFor("create_group", "Agora"));
  });

  it("writes a permaweb address under a Permaweb header, the other lines unchanged", () => {
    const text = buildWalletMessage({ ...fields, account: "permaweb", address: permawebAddress });
    expect(text.split("\n").slice(0, 2)).toEqual(["https://forum.example wants you to sign in with your Permaweb account:", permawebAddress]);
    expect(text.split("\n").slice(2)).toEqual(expectedText.split("\n").slice(2));
  });

  it.each([
    ["a domain with a path", { domain: "forum.example/evil" }],
    ["a domain with a newline", { domain: "forum.example\nevil.example" }],
    ["a statement with a newline", { statement: "Sign in\nURI: https://evil.example" }],
    ["a malformed address", { address: "0xabc\nNonce: x" }],
    ["a malformed permaweb address", { account: "permaweb" as const, address: "a\nb" }],
    ["a short nonce", { nonce: "abc" }],
    ["a nonce with spaces", { nonce: "3f9c0d1e2a4b 5c6d7e8f90123456" }],
    ["a URI with spaces", { uri: "https://forum.example/a b" }],
    ["a fractional chain id", { chainId: 1.5 }],
    ["an expiry before issue", { expiresAt: new Date("2026-11-21T04:59:59.000Z") }],
  ])("refuses %s", (_label, override) => {
    expect(() => buildWalletMessage({ ...fields, ...override })).toThrow();
  });
});

describe("parseWalletMessage", () => {
  it("round-trips every field", () => {
    const parsed = parseWalletMessage(buildWalletMessage(fields));
    expect(parsed).toEqual(fields);
    expect(parsed?.issuedAt).toBeInstanceOf(Date);
  });

  it.each([
    { account: "permaweb" as const, address: permawebAddress },
    { scheme: "http", domain: "localhost:3000", uri: "http://localhost:3000" },
    { chainId: 11155111, statement: statementFor("create_group", "My Forum") },
  ])("round-trips %j", (override) => {
    expect(parseWalletMessage(buildWalletMessage({ ...fields, ...override }))).toEqual({ ...fields, ...override });
  });

  const tamper = (from: string, to: string) => expectedText.replace(from, to);
  it.each([
    ["a changed header", tamper("wants you to sign in", "wants you to log in")],
    ["CRLF line endings", expectedText.replaceAll("\n", "\r\n")],
    ["a trailing newline", `${expectedText}\n`],
    ["an extra line", `${expectedText}\nResources:\n- https://evil.example`],
    ["a missing expiry", expectedText.split("\n").slice(0, 10).join("\n")],
    ["a missing statement", expectedText.replace(/\n\nSign in[^\n]*\n/, "\n")],
    ["a missing scheme", tamper("https://forum.example wants", "forum.example wants")],
    ["a lowercase address", tamper("0xabCDeF0123456789AbcdEf0123456789aBCDEF01", "0xabcdef0123456789abcdef0123456789abcdef01")],
    ["a non-canonical date", tamper("2026-11-21T05:00:00.000Z", "2026-11-21T05:00:00Z")],
    ["an impossible date", tamper("2026-11-21T05:00:00.000Z", "2026-13-41T05:00:00.000Z")],
    ["an expiry before issue", tamper("05:10:00.000Z", "04:10:00.000Z")],
    ["version 2", tamper("Version: 1", "Version: 2")],
    ["chain id 01", tamper("Chain ID: 1", "Chain ID: 01")],
    ["a short nonce", tamper("Nonce: 3f9c0d1e2a4b5c6d7e8f901234567890", "Nonce: 3f9c")],
    ["a nonce label in another case", tamper("Nonce:", "nonce:")],
    ["text before the header", `hello\n${expectedText}`],
    ["an empty string", ""],
  ])("returns null for %s", (_label, message) => {
    expect(parseWalletMessage(message)).toBeNull();
  });

  it("reads the statement as written: the proof compares it with the purpose's", () => {
    expect(parseWalletMessage(tamper("costs nothing", "costs 1 ETH"))?.statement).toMatch(/costs 1 ETH/);
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
