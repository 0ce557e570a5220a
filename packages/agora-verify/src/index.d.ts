// Types of the verifier's JavaScript (src/index.js), for callers and tests written in TypeScript.

/** GET /api/v2/posts/{post_id}/proof's data, as far as the verifier reads it. */
export interface Proof {
  post_id?: number;
  thread_id?: number;
  group?: string;
  content: string;
  content_hash: string;
  sign: string | null;
  sign_msg: string | null;
  signer: string | null;
  wallet_type: number | null;
  /** A permaweb signer's RSA modulus (base64url); null otherwise. */
  public_key?: string | null;
  [field: string]: unknown;
}

export type ProofResult = { ok: true; signed: boolean; label: string; summary: string } | { ok: false; signed: false; label: string; reason: string };

export function contentHashOf(content: string): `0x${string}`;
export function verifyProof(proof: unknown): Promise<ProofResult>;
export function readZipEntries(bytes: Buffer): { name: string; data: Buffer }[];
export function collectProofs(document: unknown, source: string): { source: string; proof: Proof }[];
export function readProofFile(path: string): Promise<{ source: string; proof: Proof }[]>;
export function verifyFiles(paths: string[], options?: { requireSigned?: boolean }): Promise<{ ok: boolean; lines: string[] }>;
