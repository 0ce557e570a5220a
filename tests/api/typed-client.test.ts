import fs from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  AgoraApiError,
  createAgoraClient,
  iterateGroupThreads,
  paginate,
  signInWithWallet,
  unwrap,
  type AgoraClient,
  type ThreadListItem,
} from "@agora/client";
import { getOpenApiDocument } from "@/lib/api/openapi/serve-document";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { GENERATE_COMMAND, renderSchema } from "../../clients/typescript/scripts/render-schema.mjs";
import { createTestUser, uniqueName } from "../support/fixtures";
import { createNamedGroup, textDelta } from "../support/thread-helpers";

// The typed client (clients/typescript) against the real server. Every call below is typed by the
// generated schema, so a document or client that drifts from the server breaks `tsc` or these tests.

/** A client for the suite's server that counts the requests it sends, by path. */
function countingClient(): { client: AgoraClient; requests: string[] } {
  const requests: string[] = [];
  const client = createAgoraClient({
    baseUrl: inject("baseUrl"),
    apiKey: inject("apiKey"),
    fetch: (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
      return fetch(request);
    },
  });
  return { client, requests };
}

describe("@agora/client against the server", () => {
  let group: { id: number; name: string };

  beforeAll(async () => {
    // Group creation needs its own signature flow; the fixtures make the owner and the group.
    group = await createNamedGroup(await createTestUser());
  });

  it("signs in with a wallet, opens a thread, replies, finds it by paging and reads it back", async () => {
    const { client: anonymous, requests } = countingClient();
    const wallet = createEvmTestWallet();
    const username = uniqueName("client");

    const registered = await signInWithWallet(anonymous, {
      address: wallet.checksumAddress,
      walletType: 5,
      sign: (message) => wallet.sign(message),
      username,
    });
    expect(requests).toEqual([expect.stringMatching(/^GET \/api\/wallet\/nonce\?/), "POST /api/wallet/register"]);
    expect(registered.token).toEqual(expect.any(String));
    expect(registered.client.options.token).toBe(registered.token);
    expect(anonymous.options.token).toBeUndefined();

    // The same wallet again, without a username: a login, with a new token for the same user.
    const session = await signInWithWallet(anonymous, { address: wallet.checksumAddress, walletType: 5, sign: wallet.sign });
    expect(session.user.id).toBe(registered.user.id);
    expect(session.token).not.toBe(registered.token);
    const me = await unwrap(session.client.GET("/api/me"));
    expect(me.user).toMatchObject({ id: registered.user.id, username });

    const client = session.client;
    const title = uniqueName("Typed client thread");
    const { thread } = await unwrap(
      client.POST("/api/v2/groups/{group_id}/threads/create", {
        params: { path: { group_id: group.id } },
        body: { title, content: textDelta("Opened by @agora/client") },
      }),
    );
    expect(thread).toMatchObject({ title, user_id: session.user.id, group_id: group.id, posts_count: 1 });

    const { post } = await unwrap(
      client.POST("/api/v2/threads/{thread_id}/posts/create", {
        params: { path: { thread_id: thread.id } },
        body: { content: textDelta("A reply through the typed client") },
      }),
    );
    expect(post).toMatchObject({ thread_id: thread.id, user_id: session.user.id, depth: 0 });
    const { post: nested } = await unwrap(
      client.POST("/api/v2/threads/{thread_id}/posts/create", {
        params: { path: { thread_id: thread.id } },
        body: { content: textDelta("A reply to the reply"), parent_id: post.id },
      }),
    );
    expect(nested).toMatchObject({ parent_id: post.id, depth: 1 });

    const found: ThreadListItem[] = [];
    for await (const item of iterateGroupThreads(client, group.id, { perPage: 100 })) {
      if (item.id === thread.id) found.push(item);
    }
    expect(found).toEqual([expect.objectContaining({ id: thread.id, title, user_id: session.user.id, first_post_id: thread.first_post_id })]);

    const read = await unwrap(
      client.GET("/api/get_thread/{thread_id}", {
        params: { path: { thread_id: thread.id }, query: { group_name: group.name, sort: "old" } },
      }),
    );
    expect(read.thread).toMatchObject({ id: thread.id, title, group_id: group.id, first_post_id: thread.first_post_id });
    expect(read.thread.posts.map((item) => item.id)).toContain(post.id);
  });

  it("pages with page=1,2,… until a short page", async () => {
    const owner = await createTestUser();
    const own = await createNamedGroup(owner);
    const client = createAgoraClient({ baseUrl: inject("baseUrl"), apiKey: inject("apiKey"), token: owner.token });
    const created: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { thread } = await unwrap(
        client.POST("/api/v2/groups/{group_id}/threads/create", {
          params: { path: { group_id: own.id } },
          body: { title: `Thread ${index}`, content: textDelta(`Post ${index}`) },
        }),
      );
      created.push(thread.id);
    }

    const { client: reader, requests } = countingClient();
    const walked: number[] = [];
    for await (const item of iterateGroupThreads(reader, own.id, { perPage: 2, sort: "old" })) walked.push(item.id);
    expect(walked).toEqual(created);
    expect(requests).toEqual([1, 2, 3].map((page) => `GET /api/v2/groups/${own.id}/threads?page=${page}&per_page=2&sort=old`));

    // A full last page costs one more (empty) request; maxPages stops early.
    requests.length = 0;
    const byGeneric = paginate(
      async ({ page, per_page }) =>
        (await unwrap(reader.GET("/api/v2/groups/{group_id}/threads", { params: { path: { group_id: own.id }, query: { page, per_page } } }))).threads,
      { perPage: 5 },
    );
    const all: ThreadListItem[] = [];
    for await (const item of byGeneric) all.push(item);
    expect(all.map((item) => item.id)).toEqual(created);
    expect(requests).toHaveLength(2);
    const firstTwoPages: number[] = [];
    for await (const item of iterateGroupThreads(reader, own.id, { perPage: 1, maxPages: 2 })) firstTwoPages.push(item.id);
    expect(firstTwoPages).toEqual(created.slice(0, 2));
  });

  it("throws AgoraApiError with the HTTP status and the envelope's code and description", async () => {
    const anonymous = createAgoraClient({ baseUrl: inject("baseUrl"), apiKey: inject("apiKey") });

    // /api family: numeric codes.
    const missing = await unwrap(
      anonymous.GET("/api/get_thread/{thread_id}", { params: { path: { thread_id: 2_000_000_000 }, query: { group_name: group.name } } }),
    ).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AgoraApiError);
    expect(missing).toMatchObject({ status: 404, code: 40400, numericCode: 40400, request: "GET /api/get_thread/2000000000" });

    // /api/v2 family: the same digits as a string; a write without a token.
    const noToken = await unwrap(
      anonymous.POST("/api/v2/groups/{group_id}/threads/create", {
        params: { path: { group_id: group.id } },
        body: { title: "No token", content: textDelta("x") },
      }),
    ).catch((error: unknown) => error);
    expect(noToken).toMatchObject({ name: "AgoraApiError", status: 401, code: "40102", numericCode: 40102 });
    expect((noToken as AgoraApiError).description).not.toBe("");

    const badKey = createAgoraClient({ baseUrl: inject("baseUrl"), apiKey: "not-a-key" });
    await expect(unwrap(badKey.GET("/api/v2/groups/{group_id}", { params: { path: { group_id: group.id } } }))).rejects.toMatchObject({
      status: 401,
      code: "40101",
    });

    // A signature by another wallet: the sign-in helper surfaces the server's refusal.
    const wallet = createEvmTestWallet();
    const impostor = createEvmTestWallet();
    await expect(
      signInWithWallet(anonymous, { address: wallet.checksumAddress, walletType: 5, sign: impostor.sign, username: uniqueName("nope") }),
    ).rejects.toMatchObject({ status: 401, code: 40103, description: expect.stringMatching(/sign/) });
  });
});

describe("clients/typescript/src/schema.d.ts", () => {
  it("is what the generator makes of the current OpenAPI document", async () => {
    const committed = fs.readFileSync(new URL("../../clients/typescript/src/schema.d.ts", import.meta.url), "utf8");
    const fresh = await renderSchema(getOpenApiDocument());
    if (committed !== fresh) {
      const before = committed.split("\n");
      const after = fresh.split("\n");
      let line = 0;
      while (before[line] === after[line]) line += 1;
      expect.fail(
        `clients/typescript/src/schema.d.ts is out of date with the endpoint declarations: run \`${GENERATE_COMMAND}\`.\n` +
          `First difference at line ${line + 1}:\n  committed: ${before[line] ?? "(end of file)"}\n  generated: ${after[line] ?? "(end of file)"}`,
      );
    }
  }, 60_000);
});
