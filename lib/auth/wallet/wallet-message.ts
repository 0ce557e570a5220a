import "server-only";

import { randomBytes } from "node:crypto";
import { getAddress, zeroAddress } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";

import type { WalletPurpose } from "@/lib/schemas/wallet-purposes";

/** EIP-4361 (Sign-In with Ethereum) fields; a permaweb wallet signs the same text with its own address. */
export interface WalletMessageFields {
  /** "https" or "http": with `domain`, the site that asks (what a wallet compares to the page it runs on). */
  scheme: string;
  /** host[:port] */
  domain: string;
  uri: string;
  chainId: number;
  /** EIP-55 for EVM-style wallets, base64url(SHA-256(modulus)) for permaweb ones. */
  address: string;
  account: "ethereum" | "permaweb";
  /** One line that names the purpose (statementFor). */
  statement: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

const ETHEREUM_HEADER = " wants you to sign in with your Ethereum account:\n";
// CAIP-122 (Sign-In with X) spelling of the header for a chain that is not Ethereum.
const PERMAWEB_HEADER = " wants you to sign in with your Permaweb account:\n";
const PERMAWEB_ADDRESS = /^[A-Za-z0-9_-]{43}$/;
const PERMAWEB_PREFIX = /^([^\n]*) wants you to sign in with your Permaweb account:\n([A-Za-z0-9_-]{43})\n/;
const COST_NOTE = "It proves you own this wallet, costs nothing and sends no transaction.";

export function generateNonce(): string {
  return randomBytes(16).toString("hex");
}

/** The statement is what a person reads first, so it says what the signature is for. */
export function statementFor(purpose: WalletPurpose, siteName: string): string {
  if (purpose === "create_group") return `Create a group on ${siteName}. ${COST_NOTE}`;
  if (purpose === "link_wallet") return `Link this wallet to your account on ${siteName}. ${COST_NOTE}`;
  return `Sign in to ${siteName}. ${COST_NOTE}`;
}

/** Throws on fields that could not be signed as one unambiguous message (viem validates each one). */
export function buildWalletMessage(fields: WalletMessageFields): string {
  const siwe = {
    scheme: fields.scheme,
    domain: fields.domain,
    uri: fields.uri,
    chainId: fields.chainId,
    statement: fields.statement,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expiresAt,
    version: "1" as const,
  };
  if (fields.expiresAt.getTime() <= fields.issuedAt.getTime()) throw new Error("expiresAt must be after issuedAt");
  if (fields.account === "ethereum") return createSiweMessage({ ...siwe, address: getAddress(fields.address) });
  if (!PERMAWEB_ADDRESS.test(fields.address)) throw new Error("a permaweb address is 43 base64url characters");
  return createSiweMessage({ ...siwe, address: zeroAddress }).replace(`${ETHEREUM_HEADER}${zeroAddress}`, () => `${PERMAWEB_HEADER}${fields.address}`);
}

// Strict on purpose: the message is what the person consented to, so anything that build would
// not have produced byte for byte (extra lines, other spellings) is refused.
export function parseWalletMessage(message: string): WalletMessageFields | null {
  const permaweb = PERMAWEB_PREFIX.exec(message);
  const text = permaweb ? message.replace(PERMAWEB_PREFIX, (_all, origin: string) => `${origin}${ETHEREUM_HEADER}${zeroAddress}\n`) : message;
  const parsed = parseSiweMessage(text);
  const { scheme, domain, uri, chainId, statement, nonce, issuedAt, expirationTime, address } = parsed;
  if (!scheme || !domain || !uri || chainId === undefined || !statement || !nonce || !issuedAt || !expirationTime || !address) return null;
  if (parsed.version !== "1" || Number.isNaN(issuedAt.getTime()) || Number.isNaN(expirationTime.getTime())) return null;
  const fields: WalletMessageFields = {
    scheme,
    domain,
    uri,
    chainId,
    address: permaweb?.[2] ?? address,
    account: permaweb ? "permaweb" : "ethereum",
    statement,
    nonce,
    issuedAt,
    expiresAt: expirationTime,
  };
  try {
    return buildWalletMessage(fields) === message ? fields : null;
  } catch {
    return null;
  }
}
