import { constants, createHash, createPublicKey, verify } from "node:crypto";
import canonicalize from "canonicalize";
import { keccak256, stringToBytes, verifyTypedData } from "viem";

// One proof (the shape of GET /api/v2/posts/{post_id}/proof's data) checked with nothing but the
// proof: the content's hash recomputed (keccak256 of its RFC 8785 canonical JSON), the signed
// typed data naming that hash and the signer, and the signature over it (EIP-712 with viem for
// EVM wallets, RSA-PSS with the proof's public_key for permaweb wallets).

const EVM_TYPES = [1, 2, 5];
const PERMAWEB = 3;
const DOMAIN_FIELDS = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
];
const postFields = (authorType) => [
  { name: "author", type: authorType },
  { name: "group", type: "string" },
  { name: "thread", type: "uint256" },
  { name: "parent", type: "uint256" },
  { name: "title", type: "string" },
  { name: "contentHash", type: "bytes32" },
  { name: "previous", type: "bytes32" },
  { name: "timestamp", type: "uint64" },
];

class ProofError extends Error {}
const fail = (reason) => {
  throw new ProofError(reason);
};

/** keccak256 of the UTF-8 of the content's canonical JSON, as Agora computes content_hash. */
export function contentHashOf(content) {
  let value;
  try {
    value = JSON.parse(content);
  } catch {
    fail("content is not JSON");
  }
  return keccak256(stringToBytes(canonicalize(value)));
}

function readUint(value, name) {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^\d{1,78}$/.test(value)) return BigInt(value);
  return fail(`sign_msg's ${name} is not an unsigned integer`);
}

const sameFields = (actual, expected) => JSON.stringify(actual) === JSON.stringify(expected);
const normalAddress = (address) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

function readTypedData(proof, authorType) {
  let typed;
  try {
    typed = JSON.parse(proof.sign_msg);
  } catch {
    fail("sign_msg is not JSON");
  }
  if (typed?.primaryType !== "Post") fail('sign_msg\'s primaryType is not "Post"');
  if (!typed.types || !sameFields(typed.types.EIP712Domain, DOMAIN_FIELDS) || !sameFields(typed.types.Post, postFields(authorType))) {
    fail("sign_msg's types are not Agora's Post layout");
  }
  const { domain, message } = typed;
  if (!domain || domain.name !== "Agora" || domain.version !== "1") fail('sign_msg\'s domain is not {name: "Agora", version: "1"}');
  if (!message || typeof message.author !== "string") fail("sign_msg has no author");
  return {
    domain: { name: domain.name, version: domain.version, chainId: readUint(domain.chainId, "chainId") },
    message: {
      ...message,
      thread: readUint(message.thread, "thread"),
      parent: readUint(message.parent, "parent"),
      timestamp: readUint(message.timestamp, "timestamp"),
    },
  };
}

async function checkEvmSignature(proof, typed) {
  if (!/^0x[0-9a-fA-F]{130}$/.test(proof.sign)) fail("sign is not a 65-byte 0x hex signature");
  let valid = false;
  try {
    valid = await verifyTypedData({
      address: typed.message.author,
      domain: typed.domain,
      types: { Post: postFields("address") },
      primaryType: "Post",
      message: typed.message,
      signature: proof.sign,
    });
  } catch {
    valid = false;
  }
  if (!valid) fail("the signature is not the signer's over sign_msg");
}

function checkPermawebSignature(proof) {
  if (typeof proof.public_key !== "string" || proof.public_key === "") fail("a permaweb proof needs public_key (the wallet's RSA modulus)");
  const modulus = Buffer.from(proof.public_key, "base64url");
  if (createHash("sha256").update(modulus).digest("base64url") !== proof.signer) fail("public_key is not the signer's (its SHA-256 is another address)");
  const key = createPublicKey({ key: { kty: "RSA", n: proof.public_key, e: "AQAB" }, format: "jwk" });
  const signature = Buffer.from(String(proof.sign), "base64url");
  const valid = verify("sha256", Buffer.from(proof.sign_msg, "utf8"), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature);
  if (!valid) fail("the signature is not the signer's over sign_msg");
}

/**
 * Checks one proof. Answers `{ ok, signed, reason, summary }`; never throws. An unsigned post's
 * proof is ok when its content_hash holds: it proves the text, not who wrote it.
 */
export async function verifyProof(proof) {
  const label = proof && typeof proof === "object" && "post_id" in proof ? `post ${proof.post_id}` : "proof";
  try {
    if (!proof || typeof proof !== "object") fail("not a proof object");
    if (typeof proof.content !== "string") fail("content is missing");
    const hash = contentHashOf(proof.content);
    if (typeof proof.content_hash !== "string" || proof.content_hash.toLowerCase() !== hash) fail("content_hash does not match content");
    if (proof.sign === null || proof.sign === undefined || proof.sign === "") {
      if (proof.sign_msg) fail("sign_msg without sign");
      return { ok: true, signed: false, label, summary: `${label}: content_hash ${hash} matches; unsigned (nothing to verify)` };
    }
    if (typeof proof.sign_msg !== "string" || typeof proof.signer !== "string") fail("sign_msg or signer is missing");
    const permaweb = proof.wallet_type === PERMAWEB;
    if (!permaweb && !EVM_TYPES.includes(proof.wallet_type)) fail(`unknown wallet_type ${proof.wallet_type}`);
    const typed = readTypedData(proof, permaweb ? "string" : "address");
    if (String(typed.message.contentHash).toLowerCase() !== hash) fail("sign_msg's contentHash does not match content");
    if (normalAddress(typed.message.author) !== normalAddress(proof.signer)) fail("signer is not sign_msg's author");
    if (typeof proof.group === "string" && typed.message.group !== proof.group) fail("sign_msg's group is not the proof's group");
    if (typeof proof.thread_id === "number" && typed.message.thread !== 0n && typed.message.thread !== BigInt(proof.thread_id)) {
      fail("sign_msg's thread is not the proof's thread");
    }
    if (permaweb) checkPermawebSignature(proof);
    else await checkEvmSignature(proof, typed);
    const when = new Date(Number(typed.message.timestamp) * 1000).toISOString();
    return { ok: true, signed: true, label, summary: `${label}: signed by ${proof.signer} (chain ${typed.domain.chainId}, ${when}), content_hash ${hash}` };
  } catch (error) {
    const reason = error instanceof ProofError ? error.message : `could not be checked (${error instanceof Error ? error.message : String(error)})`;
    return { ok: false, signed: false, label, reason };
  }
}
