import { beforeAll, describe, expect, it } from "vitest";
import { issueUserToken } from "@/lib/auth/tokens";
import { createPermawebTestWallet, createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { contentHash } from "@/lib/delta/content-hash";
import { buildPostTypedData } from "@/lib/delta/post-typed-data";
import { PostResponseSchema, RevisionsResponseSchema } from "@/lib/schemas/moderation-schemas";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { PostProofSchema } from "@/lib/schemas/post-signature-schemas";
import { ThreadResponseSchema } from "@/lib/schemas/thread-schemas";
import { UserPostSchema } from "@/lib/schemas/user-post-schemas";
import { buildArchiveBundle } from "@/lib/services/archive-bundle";
import { createUserWithWallet } from "@/lib/services/users";
import { expectBadParam, expectOk, expectRefused, getAs, postAs, type Group } from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { nowSeconds, postFields, signEvm, signPermaweb, signPostFor, tamperSignature, type SignedParams } from "../support/post-signing";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 19, signed posts: create thread, create post and edit take sign and sign_msg;
// every field that does not match the request, a stale timestamp, someone else's wallet, a bad or
// reused signature is a 400 naming it, and nothing is written.

let author: TestUser;
let other: TestUser;
let group: Group;
let threadId: number;
let firstPostId: number;

const countPosts = async () => (await getDb()).post.count();
const countEdits = async () => (await getDb()).postEdit.count();
const createThread = (user: TestUser, body: Record<string, unknown>) => postAs(user, `/api/v2/groups/${group.id}/threads/create`, body);
const reply = (user: TestUser, body: Record<string, unknown>) => postAs(user, `/api/v2/threads/${threadId}/posts/create`, body);
const edit = (user: TestUser, postId: number, body: Record<string, unknown>) => postAs(user, `/api/v2/posts/${postId}/edit`, body);
const proofOf = (user: TestUser | undefined, postId: number) => getAs(user, `/api/v2/posts/${postId}/proof`);
const signedRow = async (postId: number) =>
  (await getDb()).post.findUniqueOrThrow({
    where: { id: postId },
    select: { sign: true, signMsg: true, signData: true, signerAddress: true, signerType: true },
  });

beforeAll(async () => {
  [author, other] = await Promise.all([createTestUser(), createTestUser()]);
  group = await createNamedGroup(author);
  const thread = await createThreadOverHttp(author, group.id, { title: "Signed things" });
  threadId = thread.id;
  firstPostId = thread.first_post_id;
});

describe("valid signatures", () => {
  it("a signed thread stores its opening post's signature, contentHash and signer", async () => {
    const title = uniqueName("Signed thread");
    const content = textDelta("Opening words, signed");
    const signed = await signPostFor(author.wallet, { group: group.name, title }, content);
    const response = await createThread(author, { title, content, ...signed });
    expectOk(response);
    const { thread } = ThreadResponseSchema.parse(response.body.data);
    expect(thread.first_post.sign).toBe(signed.sign);
    expect(await signedRow(thread.first_post_id)).toEqual({
      sign: signed.sign,
      signMsg: signed.sign_msg,
      signData: contentHash(content),
      signerAddress: author.address,
      signerType: 5,
    });
  });

  it("a signed reply answers its sign and sign_msg in the created post", async () => {
    const content = textDelta("A signed reply");
    const signed = await signPostFor(author.wallet, { group: group.name, thread: threadId, parent: firstPostId }, content);
    const response = await reply(author, { content, parent_id: firstPostId, ...signed });
    expectOk(response);
    const { post } = CreatePostResponseSchema.parse(response.body.data);
    expect(post).toMatchObject({ sign: signed.sign, sign_msg: signed.sign_msg, parent_id: firstPostId });
  });

  it("uint fields may be decimal strings and the author's address any case", async () => {
    const content = textDelta("Strings for numbers");
    const fields = postFields(author.address, { group: group.name, thread: threadId }, content);
    const typed = buildPostTypedData(fields, 1) as unknown as { domain: Record<string, unknown>; message: Record<string, unknown> };
    const asStrings = {
      ...typed,
      domain: { ...typed.domain, chainId: "1" },
      message: { ...typed.message, thread: String(threadId), timestamp: String(fields.timestamp) },
    };
    expectOk(await reply(author, { content, ...(await signEvm(author.wallet, asStrings)) }));
  });

  it("a signed edit carries its own signature; the revision keeps the replaced version's", async () => {
    const first = textDelta("Version one");
    const signedFirst = await signPostFor(author.wallet, { group: group.name, thread: threadId }, first);
    const created = CreatePostResponseSchema.parse((await reply(author, { content: first, ...signedFirst })).body.data).post;
    const second = textDelta("Version two");
    const signedSecond = await signPostFor(author.wallet, { group: group.name, thread: threadId, previous: first }, second);
    const response = await edit(author, created.id, { content: second, ...signedSecond });
    expectOk(response);
    expect(PostResponseSchema.parse(response.body.data).post).toMatchObject({ content: second, sign: signedSecond.sign });
    expect((await signedRow(created.id)).signData).toBe(contentHash(second));

    // Then an unsigned edit: the post is unsigned, and each revision keeps what it carried.
    expectOk(await edit(author, created.id, { content: textDelta("Version three") }));
    expect(await signedRow(created.id)).toEqual({ sign: null, signMsg: "", signData: "", signerAddress: null, signerType: null });
    const revisions = RevisionsResponseSchema.parse((await getAs(author, `/api/v2/posts/${created.id}/revisions`)).body.data).revisions;
    expect(revisions.map((revision) => [revision.content, revision.sign, revision.sign_msg])).toEqual([
      [second, signedSecond.sign, signedSecond.sign_msg],
      [first, signedFirst.sign, signedFirst.sign_msg],
    ]);
    const proof = PostProofSchema.parse((await proofOf(author, created.id)).body.data);
    expect(proof).toMatchObject({ sign: null, sign_msg: null, signer: null, wallet_type: null, verified: 0 });
  });

  it("a permaweb wallet signs the bytes of sign_msg with RSA-PSS, author its base64url address", async () => {
    const wallet = createPermawebTestWallet();
    const { id } = await createUserWithWallet({ username: uniqueName("perma"), wallet: { type: 3, address: wallet.address, publicKey: wallet.publicKey } });
    const user = { ...author, id, token: await issueUserToken(id) };
    const content = textDelta("Signed on the permaweb");
    const signed = signPermaweb(wallet, { group: group.name, thread: threadId }, content);
    const response = await reply(user, { content, ...signed });
    expectOk(response);
    const { post } = CreatePostResponseSchema.parse(response.body.data);
    expect(await signedRow(post.id)).toMatchObject({ sign: signed.sign, signerAddress: wallet.address, signerType: 3 });
    const proof = PostProofSchema.parse((await proofOf(undefined, post.id)).body.data);
    expect(proof).toMatchObject({ signer: wallet.address, wallet_type: 3, verified: 1, public_key: wallet.publicKey });

    const forged = signPermaweb(wallet, { group: group.name, thread: threadId }, content);
    expectBadParam(await reply(user, { content, sign_msg: forged.sign_msg, sign: signed.sign }), "sign");
  });
});

describe("refused signatures write nothing", () => {
  const content = textDelta("Tampered words");
  const place = () => ({ group: group.name, thread: threadId });
  type Typed = ReturnType<typeof buildPostTypedData>;
  const base = () => buildPostTypedData(postFields(author.wallet.checksumAddress, place(), content), 1);
  const withMessage = (change: Partial<Typed["message"]>): Typed => ({ ...base(), message: { ...base().message, ...change } });

  const cases: [string, string, () => Promise<SignedParams>][] = [
    ["author: another person's address", "sign_msg.author", async () => signEvm(author.wallet, withMessage({ author: other.address }))],
    ["group", "sign_msg.group", async () => signEvm(author.wallet, withMessage({ group: "another-group" }))],
    ["thread", "sign_msg.thread", async () => signEvm(author.wallet, withMessage({ thread: threadId + 1 }))],
    ["parent", "sign_msg.parent", async () => signEvm(author.wallet, withMessage({ parent: firstPostId }))],
    ["title", "sign_msg.title", async () => signEvm(author.wallet, withMessage({ title: "Not a thread" }))],
    ["contentHash", "sign_msg.contentHash", async () => signEvm(author.wallet, withMessage({ contentHash: contentHash(textDelta("Other words")) }))],
    ["previous", "sign_msg.previous", async () => signEvm(author.wallet, withMessage({ previous: contentHash(textDelta("Nothing")) }))],
    ["timestamp 11 minutes ago", "sign_msg.timestamp", async () => signEvm(author.wallet, withMessage({ timestamp: nowSeconds() - 660 }))],
    ["timestamp 11 minutes ahead", "sign_msg.timestamp", async () => signEvm(author.wallet, withMessage({ timestamp: nowSeconds() + 660 }))],
    ["domain chainId", "sign_msg.domain.chainId", async () => signEvm(author.wallet, { ...base(), domain: { ...base().domain, chainId: 5 } })],
    ["domain name", "sign_msg.domain", async () => signEvm(author.wallet, { ...base(), domain: { ...base().domain, name: "Elsewhere" } })],
    [
      "primaryType",
      "sign_msg.primaryType",
      async () => {
        const typed = base();
        return signEvm(author.wallet, { ...typed, types: { EIP712Domain: typed.types.EIP712Domain, Mail: typed.types.Post }, primaryType: "Mail" });
      },
    ],
    [
      "types",
      "sign_msg.types",
      async () => {
        const typed = base();
        const Post = typed.types.Post.map((field) => (field.name === "timestamp" ? { ...field, type: "uint256" } : field));
        return signEvm(author.wallet, { ...typed, types: { ...typed.types, Post } });
      },
    ],
    ["signature", "sign", async () => ({ ...(await signEvm(author.wallet, base())), sign: tamperSignature((await signEvm(author.wallet, base())).sign) })],
    ["a signature by another key", "sign", async () => ({ ...(await signEvm(other.wallet, base())) })],
    ["sign without sign_msg", "sign_msg", async () => ({ sign: (await signEvm(author.wallet, base())).sign, sign_msg: "" })],
    ["sign_msg without sign", "sign", async () => ({ sign: "", sign_msg: JSON.stringify(base()) })],
    ["sign_msg that is not typed data", "sign_msg", async () => ({ sign: (await signEvm(author.wallet, base())).sign, sign_msg: "hello" })],
  ];

  it.each(cases)("%s → 400 naming %s", async (_name, field, make) => {
    const signed = await make();
    const [posts, edits] = [await countPosts(), await countEdits()];
    expectBadParam(await reply(author, { content, ...signed }), field);
    expect([await countPosts(), await countEdits()]).toEqual([posts, edits]);
  });

  it("another person's wallet, signed by that person, is not the author's", async () => {
    const signed = await signPostFor(other.wallet, place(), content);
    const posts = await countPosts();
    expectBadParam(await reply(author, { content, ...signed }), "sign_msg.author");
    expect(await countPosts()).toBe(posts);
  });

  it("an EVM key that is no account's cannot sign for anyone", async () => {
    const signed = await signPostFor(createEvmTestWallet(), place(), content);
    expectBadParam(await reply(author, { content, ...signed }), "sign_msg.author");
  });

  it("a refused signed thread writes no thread and no post", async () => {
    const title = uniqueName("Refused");
    const signed = await signPostFor(author.wallet, { group: group.name, title: "Another title" }, content);
    const [posts, threads] = [await countPosts(), await (await getDb()).thread.count()];
    expectBadParam(await createThread(author, { title, content, ...signed }), "sign_msg.title");
    expect([await countPosts(), await (await getDb()).thread.count()]).toEqual([posts, threads]);
  });

  it("a signed edit must name the content it replaces; refused, the post and its revisions stay", async () => {
    const post = await createPostOverHttp(author, threadId, "Before");
    const signed = await signPostFor(author.wallet, { group: group.name, thread: threadId }, textDelta("After"));
    const edits = await countEdits();
    expectBadParam(await edit(author, post.id, { content: textDelta("After"), ...signed }), "sign_msg.previous");
    expect(await countEdits()).toBe(edits);
    expect((await (await getDb()).post.findUniqueOrThrow({ where: { id: post.id } })).content).toBe(textDelta("Before"));
  });

  it("a signature is used once: a replay, even racing, is refused", async () => {
    const once = textDelta("Only once");
    const signed = await signPostFor(author.wallet, place(), once);
    expectOk(await reply(author, { content: once, ...signed }));
    const posts = await countPosts();
    expectBadParam(await reply(author, { content: once, ...signed }), "sign");
    expect(await countPosts()).toBe(posts);

    const raced = await signPostFor(author.wallet, place(), textDelta("Raced"));
    const answers = await Promise.all([1, 2, 3].map(() => reply(author, { content: textDelta("Raced"), ...raced })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((candidate) => candidate.status === 400)) expectBadParam(answer, "sign");
    expect(await countPosts()).toBe(posts + 1);
  });
});

describe("GET /api/v2/posts/{post_id}/proof", () => {
  it("answers the post, its hash, the signature, the signer, a fresh check and the bundle's CID", async () => {
    const content = textDelta("Prove me");
    const signed = await signPostFor(author.wallet, { group: group.name, thread: threadId }, content);
    const { post } = CreatePostResponseSchema.parse((await reply(author, { content, ...signed })).body.data);
    const response = await proofOf(undefined, post.id);
    expectOk(response);
    const proof = PostProofSchema.parse(response.body.data);
    const row = await (await getDb()).post.findUniqueOrThrow({ where: { id: post.id }, select: { createdAt: true } });
    const bundle = await buildArchiveBundle({
      postId: post.id,
      threadId,
      groupName: group.name,
      author: author.address,
      content,
      sign: signed.sign,
      signMsg: signed.sign_msg,
      createdAt: row.createdAt,
    });
    expect(proof).toEqual({
      post_id: post.id,
      thread_id: threadId,
      group: group.name,
      content,
      content_hash: contentHash(content),
      sign: signed.sign,
      sign_msg: signed.sign_msg,
      signer: author.address,
      wallet_type: 5,
      verified: 1,
      cid: bundle.cid,
      archive_id: "",
      public_key: null,
    });
  });

  it("an unsigned post's proof has no signature and verified 0; an unknown post is 404", async () => {
    const post = await createPostOverHttp(author, threadId, "Plain");
    const proof = PostProofSchema.parse((await proofOf(other, post.id)).body.data);
    expect(proof).toMatchObject({ sign: null, sign_msg: null, signer: null, verified: 0, content_hash: contentHash(textDelta("Plain")) });
    expectRefused(await proofOf(other, 2_000_000_000), 40400);
  });

  it("follows the group's reading rules: private answers outsiders as revisions do (403), hidden is 404", async () => {
    const owner = await createTestUser();
    for (const [visibility, code] of [
      [1, 40300],
      [2, 40400],
    ] as const) {
      const closed = await createNamedGroup(owner);
      const thread = await createThreadOverHttp(owner, closed.id, { title: "Members only" });
      expectOk(await postAs(owner, `/api/v2/groups/${closed.id}/settings`, { visibility }));
      expectOk(await proofOf(owner, thread.first_post_id));
      const outsider = await proofOf(other, thread.first_post_id);
      expectRefused(outsider, code);
      expect(outsider.status).toBe((await getAs(other, `/api/v2/posts/${thread.first_post_id}/revisions`)).status);
      expectRefused(await proofOf(undefined, thread.first_post_id), code);
    }
  });
});

describe("user post lists", () => {
  it("carry sign, sign_msg and sign_data (the contentHash; empty when unsigned)", async () => {
    const writer = await createTestUser();
    const content = textDelta("Listed and signed");
    const signed = await signPostFor(writer.wallet, { group: group.name, thread: threadId }, content);
    expectOk(await reply(writer, { content, ...signed }));
    await createPostOverHttp(writer, threadId, "Listed, unsigned");
    const response = await getAs<{ user_posts: unknown[] }>(undefined, `/api/v2/users/${writer.id}/posts`);
    const posts = response.body.data.user_posts.map((post) => UserPostSchema.strict().parse(post));
    expect(posts.map((post) => [post.sign, post.sign_msg, post.sign_data])).toEqual([
      [null, "", ""],
      [signed.sign, signed.sign_msg, contentHash(content)],
    ]);
  });
});
