import "server-only";

import { randomBytes } from "node:crypto";

import { isWalletType, type WalletType } from "./wallet-types";

export interface WalletMessageFields {
  site: string;
  address: string;
  walletType: WalletType;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

const HEADER_SUFFIX = " wants you to sign in with your wallet:";
const STATEMENT = "Sign this message to prove you own this wallet. It costs nothing and sends no transaction.";
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const MAX_SITE_LENGTH = 100;
const MAX_ADDRESS_LENGTH = 128;

export function generateNonce(): string {
  return randomBytes(16).toString("hex");
}

export function buildWalletMessage(fields: WalletMessageFields): string {
  const problem = findFieldProblem(fields);
  if (problem) throw new Error(`Cannot build wallet message: ${problem}`);
  return [
    `${fields.site}${HEADER_SUFFIX}`,
    fields.address,
    "",
    STATEMENT,
    "",
    `Wallet type: ${fields.walletType}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join("\n");
}

// Strict on purpose: the message is what the user consented to, so anything
// that build would not have produced byte for byte is refused.
export function parseWalletMessage(message: string): WalletMessageFields | null {
  const lines = message.split("\n");
  if (lines.length !== 9) return null;
  const [header, address, , , , typeLine, nonceLine, issuedLine, expiresLine] = lines;
  if (!header?.endsWith(HEADER_SUFFIX) || address === undefined) return null;

  const walletType = Number(readField(typeLine, "Wallet type: "));
  const nonce = readField(nonceLine, "Nonce: ");
  const issuedAt = readDate(readField(issuedLine, "Issued At: "));
  const expiresAt = readDate(readField(expiresLine, "Expiration Time: "));
  if (!isWalletType(walletType) || nonce === null || !issuedAt || !expiresAt) return null;

  const fields: WalletMessageFields = {
    site: header.slice(0, -HEADER_SUFFIX.length),
    address,
    walletType,
    nonce,
    issuedAt,
    expiresAt,
  };
  if (findFieldProblem(fields)) return null;
  return buildWalletMessage(fields) === message ? fields : null;
}

function readField(line: string | undefined, prefix: string): string | null {
  return line?.startsWith(prefix) ? line.slice(prefix.length) : null;
}

function readDate(value: string | null): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function findFieldProblem(fields: WalletMessageFields): string | null {
  if (!isSingleLine(fields.site, MAX_SITE_LENGTH)) return "site must be one trimmed line.";
  if (!isSingleLine(fields.address, MAX_ADDRESS_LENGTH)) return "address must be one trimmed line.";
  if (!isWalletType(fields.walletType)) return "walletType must be 1 to 5.";
  if (!NONCE_PATTERN.test(fields.nonce)) return "nonce must be 16 to 128 base64url characters.";
  if (Number.isNaN(fields.issuedAt.getTime()) || Number.isNaN(fields.expiresAt.getTime())) {
    return "issuedAt and expiresAt must be valid dates.";
  }
  if (fields.expiresAt.getTime() <= fields.issuedAt.getTime()) return "expiresAt must be after issuedAt.";
  return null;
}

function isSingleLine(value: string, maxLength: number): boolean {
  return value.length > 0 && value.length <= maxLength && value === value.trim() && !/\p{Cc}/u.test(value);
}
