import { describe, expect, inject, it } from "vitest";
import { call } from "../support/api-client";
import { createTestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp } from "../support/thread-helpers";

// What client libraries expect of an HTTP API besides the envelope: revalidation with ETags,
// paging links, rate-limit headers and a request id to quote in a bug report.

describe("HTTP conventions of the API", () => {
  it("answers a GET with an ETag, and 304 without a body when If-None-Match still matches", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const first = await call("GET", `/api/v2/groups/${group.id}`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const url = `${inject("baseUrl")}/api/v2/groups/${group.id}`;
    const headers = { api_key: inject("apiKey") };
    const notModified = await fetch(url, { headers: { ...headers, "if-none-match": etag! } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);

    // A change makes a new ETag: the old one no longer matches.
    await createThreadOverHttp(owner, group.id);
    const changed = await fetch(url, { headers: { ...headers, "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("links a full page of a listing to the next one, and a later page back", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    for (let index = 0; index < 3; index += 1) await createThreadOverHttp(owner, group.id);
    const first = await call("GET", `/api/v2/groups/${group.id}/threads`, { query: { per_page: 2 } });
    expect(first.headers.get("link")).toBe(`</api/v2/groups/${group.id}/threads?per_page=2&page=2>; rel="next"`);
    const second = await call("GET", `/api/v2/groups/${group.id}/threads`, { query: { per_page: 2, page: 2 } });
    expect((second.body.data as { threads: unknown[] }).threads).toHaveLength(1);
    expect(second.headers.get("link")).toBe(`</api/v2/groups/${group.id}/threads?per_page=2&page=1>; rel="prev"`);
  });

  it("tells the client its rate budget and this request's id on every answer", async () => {
    const ok = await call("GET", "/api/v2/groups/1");
    const failed = await call("GET", "/api/v2/groups/1", { apiKey: false });
    expect(Number(ok.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
    expect(Number(ok.headers.get("x-ratelimit-remaining"))).toBeLessThan(Number(ok.headers.get("x-ratelimit-limit")));
    expect(Number(ok.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    for (const answer of [ok, failed]) expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get("x-request-id")).not.toBe(failed.headers.get("x-request-id"));
    const echoed = await call("GET", "/api/v2/groups/1", { headers: { "x-request-id": "client-trace-123456" } });
    expect(echoed.headers.get("x-request-id")).toBe("client-trace-123456");
    const refused = await call("GET", "/api/v2/groups/1", { headers: { "x-request-id": "bad id with spaces" } });
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
