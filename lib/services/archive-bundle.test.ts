import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CID } from "multiformats/cid";
import { buildArchiveBundle, bundleAuthor } from "./archive-bundle";

const input = {
  postId: 7,
  threadId: 3,
  groupName: "makers",
  author: "0x00000000000000000000000000000000000000aa",
  content: '[{"insert":"hello\\n"}]',
  sign: null,
  signMsg: null,
  createdAt: new Date("2026-11-21T04:40:00.123Z"),
};

describe("buildArchiveBundle", () => {
  it("is canonical JSON with the contract's fields and an /api timestamp", async () => {
    const bundle = await buildArchiveBundle(input);
    expect(JSON.parse(bundle.json)).toEqual({
      post_id: 7,
      thread_id: 3,
      group: "makers",
      author: input.author,
      content: input.content,
      content_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      sign: null,
      sign_msg: null,
      created_at: "2026-11-21T04:40:00.123000Z",
    });
    expect(bundle.json.startsWith('{"author":')).toBe(true);
  });

  it("addresses the bytes by a CIDv1 (raw, sha2-256, base32) of their SHA-256", async () => {
    const bundle = await buildArchiveBundle(input);
    const cid = CID.parse(bundle.cid);
    expect(bundle.cid.startsWith("bafkrei")).toBe(true);
    expect(cid.version).toBe(1);
    expect(cid.code).toBe(0x55);
    expect(Buffer.from(cid.multihash.digest).toString("hex")).toBe(createHash("sha256").update(bundle.bytes).digest("hex"));
  });

  it("changes its CID when one field changes", async () => {
    const a = await buildArchiveBundle(input);
    const b = await buildArchiveBundle({ ...input, content: '[{"insert":"hellO\\n"}]' });
    expect(a.cid).not.toBe(b.cid);
  });
});

describe("bundleAuthor", () => {
  const first = "0x00000000000000000000000000000000000000aa";
  it("is the typed data's author for a signed revision, lower-cased", () => {
    const signMsg = JSON.stringify({ message: { author: "0x00000000000000000000000000000000000000BB" } });
    expect(bundleAuthor(signMsg, first)).toBe("0x00000000000000000000000000000000000000bb");
  });
  it("is the first wallet for an unsigned one", () => {
    expect(bundleAuthor(null, first)).toBe(first);
    expect(bundleAuthor("", first)).toBe(first);
  });
});
