import "server-only";

// Buffer.from(..., "base64url") silently skips characters it does not know, so
// the alphabet is checked first; padding is tolerated because some encoders add it.
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+={0,2}$/;

export function decodeBase64Url(value: string): Buffer | null {
  if (!BASE64URL_PATTERN.test(value)) return null;
  const unpadded = value.replace(/=+$/, "");
  if (unpadded.length % 4 === 1) return null;
  const bytes = Buffer.from(unpadded, "base64url");
  // Non-zero trailing bits would let one byte string have several spellings.
  if (bytes.toString("base64url") !== unpadded) return null;
  return bytes;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}
