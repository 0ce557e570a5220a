import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runPackageScript, startServer, type RunningServer } from "../support/server-process";
import { call, expectedError } from "../support/api-client";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp } from "../support/thread-helpers";

// Contract sections 2-5 as every endpoint sees them: transports, precedence, limits, tokens.
describe("the API core", () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createTestUser();
  });

  it.each(["json", "form", "multipart"] as const)("reads POST parameters from a %s body", async (encoding) => {
    const username = uniqueName("enc").slice(0, 30);
    const response = await call<{ username: string }>("POST", "/api/user/update_info", { token: user.token, body: { username }, encoding });
    expect(response.status).toBe(200);
    expect(response.body.data.username).toBe(username);
  });

  it("reads POST parameters from the query string, and the body wins over it", async () => {
    const fromQuery = uniqueName("q").slice(0, 30);
    const fromBody = uniqueName("b").slice(0, 30);
    const onlyQuery = await call<{ username: string }>("POST", "/api/user/update_info", { token: user.token, query: { username: fromQuery } });
    expect(onlyQuery.body.data.username).toBe(fromQuery);
    const both = await call<{ username: string }>("POST", "/api/user/update_info", {
      token: user.token,
      query: { username: fromQuery },
      body: { username: fromBody },
    });
    expect(both.body.data.username).toBe(fromBody);
  });

  it("lets path segments win over the body and ignores unknown parameters", async () => {
    const groupId = await user.createGroup();
    const response = await call<{ group: { id: number } }>("GET", `/api/v2/groups/${groupId}`, {
      query: { group_id: 999_999, something_unknown: "x" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.group.id).toBe(groupId);
  });

  it("accepts the token bare as well as with Bearer", async () => {
    const bare = await call("POST", "/api/me", { headers: { authorization: user.token } });
    expect(bare.status).toBe(200);
    expect(bare.body.code).toBe(20000);
  });

  it("answers a malformed JSON body with 400 naming the body", async () => {
    const response = await call("POST", "/api/user/update_info", {
      token: user.token,
      headers: { "content-type": "application/json" },
      rawBody: "{not json",
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(/body/);
  });

  // PostgreSQL text cannot hold U+0000; these were 500s before the wrapper refused them.
  it.each([
    ["POST", "/api/user/update_info", { body: { photo_url: "https://img.example/a\u0000.png" } }, "photo_url"],
    [
      "POST",
      "/api/group/create",
      { body: { title: "T", name: "nul-group", description: "a\u0000b", cover: "", logo: "", uid: 1, signature: "s" } },
      "description",
    ],
    ["GET", "/api/user/post/list", { query: { web3_public_key: "abc\u0000" } }, "web3_public_key"],
  ] as const)("refuses a NUL character with 400 naming the parameter (%s %s)", async (method, path, options, name) => {
    const before = await call<{ user: unknown }>("POST", "/api/me", { token: user.token });
    const response = await call(method, path, { token: user.token, ...options });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toBe(`${name}: must not contain NUL characters`);
    const after = await call<{ user: unknown }>("POST", "/api/me", { token: user.token });
    expect(after.body.data.user).toEqual(before.body.data.user);
  });

  // One rule for every optional parameter: sent blank, it takes its default (was "page: is required").
  it("treats blank optional parameters as not sent, on every listing", async () => {
    const group = await createNamedGroup(user);
    const thread = await createThreadOverHttp(user, group.id);
    const requests: [string, Record<string, string>][] = [
      [`/api/get_thread/${thread.id}`, { group_name: group.name, page_size: "", start_post_id: "", sort: "" }],
      [`/api/v2/groups/${group.id}/threads`, { page: "", per_page: "", sort: "", category_id: "" }],
      [`/api/v2/groups/${group.id}/categories`, { page: "", per_page: "" }],
      [`/api/v2/users/${user.id}/posts`, { page: "", per_page: "", filter: "" }],
      ["/api/user/post/list", { web3_public_key: user.address, page: "", per_page: "" }],
    ];
    for (const [path, query] of requests) {
      const response = await call("GET", path, { query });
      expect(response.body.description, path).toBe("");
      expect(response.status).toBe(200);
    }
    const blankRequired = await call("GET", `/api/get_thread/${thread.id}`, { query: { group_name: "" } });
    expect(blankRequired.status).toBe(400);
    expect(blankRequired.body.description).toBe("group_name: is required");
  });

  it("answers a body over the limit with 413 / 41300 and changes nothing", async () => {
    const before = await call<{ user: { username: string } }>("POST", "/api/me", { token: user.token });
    const response = await call("POST", "/api/user/update_info", {
      token: user.token,
      body: { username: "big", bio: "x".repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject(expectedError("api", 41300));
    const after = await call<{ user: { username: string } }>("POST", "/api/me", { token: user.token });
    expect(after.body.data.user.username).toBe(before.body.data.user.username);
  });
});

// Contract section 5, "every failure uses the same envelope": also a wrong method and an unknown path.
describe("methods and paths no endpoint serves", () => {
  it.each([
    ["GET", "/api/wallet/login", "api", "POST, OPTIONS"],
    ["PUT", "/api/me", "api", "GET, POST, HEAD, OPTIONS"],
    ["DELETE", "/api/get_thread/1", "api", "GET, HEAD, OPTIONS"],
    ["POST", "/api/v2/groups/1", "v2", "GET, HEAD, OPTIONS"],
    ["GET", "/api/v2/threads/1/posts/create", "v2", "POST, OPTIONS"],
    ["PATCH", "/api/v2/purse/register", "v2", "POST, OPTIONS"],
  ] as const)("answers %s %s with 405 / 40500 in its family's envelope", async (method, path, family, allow) => {
    const response = await fetch(new URL(path, inject("baseUrl")), { method, headers: { api_key: inject("apiKey") } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    const body = await response.json();
    expect(body).toMatchObject(expectedError(family, 40500));
    expect(body.description).toContain(method);
  });

  it.each([
    ["/api/v2/groups/%E0%A4%A", "v2"],
    ["/api/get_thread/%", "api"],
  ] as const)("answers the undecodable path %s with 400 / 40000, not Next's bare 500", async (path, family) => {
    const response = await fetch(`${inject("baseUrl")}${path}`, { headers: { api_key: inject("apiKey") } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(expectedError(family, 40000));
  });

  it("lists the served methods for OPTIONS", async () => {
    const response = await fetch(new URL("/api/wallet/login", inject("baseUrl")), { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it.each([
    ["/api", "api"],
    ["/api/nope", "api"],
    ["/api/v2", "v2"],
    ["/api/v2/groups/1/nope", "v2"],
  ] as const)("answers the unknown path %s with 404 / 40400 in its family's envelope", async (path, family) => {
    const response = await fetch(new URL(path, inject("baseUrl")), { headers: { api_key: inject("apiKey") } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject(expectedError(family, 40400));
  });
});

describe("rate limiting", () => {
  let limited: RunningServer;
  let forwardedForKey: string;

  beforeAll(async () => {
    // A second server on the same database, with a tiny budget.
    const env = {
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      LOG_LEVEL: "warn",
      AGORA_RATE_LIMIT_PER_MINUTE: "3",
      AGORA_MIGRATE_ON_START: "0",
    };
    // Made before the server has any connection: the script blocks this process for seconds on a
    // busy machine, long enough for the server to close an idle keep-alive socket fetch would reuse.
    forwardedForKey = runPackageScript("apikey", ["create", "forwarded-for test"], { ...process.env, ...env })
      .trim()
      .split("\n")
      .pop()!
      .trim();
    limited = await startServer(env);
  });

  afterAll(async () => {
    await limited?.stop();
  });

  it("answers 429 / 42900 with Retry-After once the budget is spent", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await fetch(`${limited.baseUrl}/api/v2/groups/1`, { headers: { api_key: inject("apiKey") } });
      statuses.push(last.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject(expectedError("v2", 42900));
  });

  it("gives no fresh budget for a forged X-Forwarded-For when no proxy is trusted", async () => {
    const key = forwardedForKey;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${limited.baseUrl}/api/v2/groups/1`, {
        headers: { api_key: key, "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
