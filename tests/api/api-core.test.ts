import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../support/server-process";
import { call, expectedError } from "../support/api-client";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";

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

describe("rate limiting", () => {
  let limited: RunningServer;

  beforeAll(async () => {
    // A second server on the same database, with a tiny budget.
    limited = await startServer({
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      LOG_LEVEL: "warn",
      AGORA_RATE_LIMIT_PER_MINUTE: "3",
      AGORA_MIGRATE_ON_START: "0",
    });
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
});
