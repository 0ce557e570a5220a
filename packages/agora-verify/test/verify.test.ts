import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { crc32, deflateRawSync } from "node:zlib";
import { signTypedData } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createEvmTestWallet, createPermawebTestWallet } from "@/lib/auth/wallet/test-wallets";
import { contentHash } from "@/lib/delta/content-hash";
import { buildPostTypedData, ZERO_HASH } from "@/lib/delta/post-typed-data";
import { verifyFiles, verifyProof, type Proof } from "agora-verify";

// The verifier against proofs made here as Agora makes them: valid ones pass, and every tampered
// field fails with the reason. The bin is run as `npx agora-verify` would run it.

const run = promisify(execFile);
const BIN = join(import.meta.dirname, "..", "bin", "agora-verify.js");
const evm = createEvmTestWallet();
const permaweb = createPermawebTestWallet();

function fields(author: string, content: string) {
  return { author, group: "verifiers", thread: 7, parent: 0, title: "", contentHash: contentHash(content), previous: ZERO_HASH, timestamp: 1_800_000_000 };
}

async function evmProof(content = JSON.stringify([{ insert: "Signed words\n" }]), postId = 11): Promise<Proof> {
  const typed = buildPostTypedData(fields(evm.checksumAddress, content), 1);
  const sign = await signTypedData({
    privateKey: evm.privateKey,
    domain: typed.domain,
    types: { Post: typed.types.Post },
    primaryType: "Post",
    message: typed.message,
  });
  return {
    post_id: postId,
    thread_id: 7,
    group: "verifiers",
    content,
    content_hash: contentHash(content),
    sign,
    sign_msg: JSON.stringify(typed),
    signer: evm.address,
    wallet_type: 5,
    verified: 1,
    cid: "",
    archive_id: "",
    public_key: null,
  };
}

function permawebProof(content = JSON.stringify([{ insert: "Permaweb words\n" }])): Proof {
  const signMsg = JSON.stringify(buildPostTypedData(fields(permaweb.address, content), 1, "string"));
  return {
    post_id: 12,
    thread_id: 7,
    group: "verifiers",
    content,
    content_hash: contentHash(content),
    sign: permaweb.sign(signMsg),
    sign_msg: signMsg,
    signer: permaweb.address,
    wallet_type: 3,
    verified: 1,
    cid: "",
    archive_id: "",
    public_key: permaweb.publicKey,
  };
}

/** A zip as an export writes it (deflated entries, a central directory). */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, "utf8");
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, "utf8");
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function tempFile(name: string, data: string | Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "agora-verify-")), name);
  await writeFile(path, data);
  return path;
}

const reasonOf = async (proof: unknown) => {
  const result = await verifyProof(proof);
  return result.ok ? "OK" : result.reason;
};

describe("agora-verify", () => {
  it("passes a valid EVM proof and a valid permaweb proof", async () => {
    expect(await verifyProof(await evmProof())).toMatchObject({ ok: true, signed: true });
    expect(await verifyProof(permawebProof())).toMatchObject({ ok: true, signed: true });
  });

  it("refuses each tampered field with its reason", async () => {
    const proof = await evmProof();
    const typed = JSON.parse(proof.sign_msg!);
    const other = createEvmTestWallet();
    const flipped = `${proof.sign!.slice(0, 40)}${proof.sign![40] === "0" ? "1" : "0"}${proof.sign!.slice(41)}`;
    const cases: [string, unknown, RegExp][] = [
      ["content changed", { ...proof, content: JSON.stringify([{ insert: "Other words\n" }]) }, /content_hash does not match content/],
      ["content_hash changed", { ...proof, content_hash: contentHash("[]") }, /content_hash does not match content/],
      ["content and content_hash changed together", { ...proof, content: "[]", content_hash: contentHash("[]") }, /sign_msg's contentHash/],
      ["signature changed", { ...proof, sign: flipped }, /not the signer's/],
      ["signer changed", { ...proof, signer: other.address }, /signer is not sign_msg's author/],
      ["sign_msg's group changed", { ...proof, sign_msg: JSON.stringify({ ...typed, message: { ...typed.message, group: "elsewhere" } }) }, /group/],
      ["sign_msg's timestamp changed", { ...proof, sign_msg: JSON.stringify({ ...typed, message: { ...typed.message, timestamp: 1 } }) }, /not the signer's/],
      [
        "sign_msg's author changed with signer",
        { ...proof, signer: other.address, sign_msg: JSON.stringify({ ...typed, message: { ...typed.message, author: other.address } }) },
        /not the signer's/,
      ],
      ["sign_msg's chain changed", { ...proof, sign_msg: JSON.stringify({ ...typed, domain: { ...typed.domain, chainId: 5 } }) }, /not the signer's/],
      ["types changed", { ...proof, sign_msg: JSON.stringify({ ...typed, types: { ...typed.types, Post: typed.types.Post.slice(1) } }) }, /types/],
      ["permaweb public_key of another wallet", { ...permawebProof(), public_key: createPermawebTestWallet().publicKey }, /public_key is not the signer's/],
      ["permaweb sign_msg changed", { ...permawebProof(), sign_msg: permawebProof().sign_msg!.replace("verifiers", "elsewhere") }, /group|not the signer's/],
    ];
    for (const [name, tampered, reason] of cases) expect([name, await reasonOf(tampered)]).toEqual([name, expect.stringMatching(reason)]);
  });

  it("an unsigned post passes on its content hash, unless signatures are required", async () => {
    const content = JSON.stringify([{ insert: "Plain\n" }]);
    const unsigned = { post_id: 3, content, content_hash: contentHash(content), sign: null, sign_msg: null, signer: null, wallet_type: null };
    const path = await tempFile("unsigned.json", JSON.stringify(unsigned));
    expect((await verifyFiles([path])).ok).toBe(true);
    expect(await verifyFiles([path], { requireSigned: true })).toMatchObject({ ok: false, lines: [expect.stringMatching(/^FAILED: post 3: unsigned/)] });
  });

  it("the bin reads a proof, an API envelope, an array and an export zip; exit 1 when one fails", async () => {
    const [first, second] = [await evmProof(), await evmProof(JSON.stringify([{ insert: "Second\n" }]), 13)];
    const single = await tempFile("proof.json", JSON.stringify({ status: true, code: "20000", description: "", server: "rest", data: first }));
    const ok = await run(process.execPath, [BIN, single]);
    expect(ok.stdout).toMatch(/^OK: post 11: signed by 0x/);

    const array = await tempFile("proofs.json", JSON.stringify([first, second, permawebProof()]));
    expect((await run(process.execPath, [BIN, array])).stdout.trim().split("\n")).toHaveLength(3);

    const posts = [first, second].map((proof) => ({ id: proof.post_id, content: proof.content, proof }));
    const good = await tempFile("export.zip", zip({ "posts.json": JSON.stringify(posts), "README.txt": "not JSON" }));
    expect((await run(process.execPath, [BIN, good])).stdout).toMatch(/^OK: post 11.*\nOK: post 13/);

    const tamperedPosts = [posts[0], { ...posts[1], proof: { ...second, content: JSON.stringify([{ insert: "Changed\n" }]) } }];
    const bad = await tempFile("tampered.zip", zip({ "posts.json": JSON.stringify(tamperedPosts) }));
    const failed = await run(process.execPath, [BIN, bad]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/OK: post 11[^\n]*\nFAILED: post 13: content_hash does not match content/);
  });
});
