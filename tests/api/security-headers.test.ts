import { describe, expect, inject, it } from "vitest";

// The headers proxy.ts puts on pages and API answers, and the API's CORS policy, over real HTTP.
const url = (path: string) => new URL(path, inject("baseUrl"));
const CLIENT = "https://client.example";

describe("security headers", () => {
  it("gives every page a strict CSP whose fresh nonce is on Next's scripts", async () => {
    const [first, second] = await Promise.all([fetch(url("/")), fetch(url("/"))]);
    expect(first.status).toBe(200);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[\w+/=-]{16,}$/);
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(Object.fromEntries(first.headers)).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
    });
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    // Served over plain http here: no HSTS, no upgrade-insecure-requests.
    expect(first.headers.get("strict-transport-security")).toBeNull();
    await second.text();
  });

  it("sends HSTS and upgrade-insecure-requests when a TLS-terminating proxy says the request came over https", async () => {
    const page = await fetch(url("/"), { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=15552000");
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    await page.text();
    const api = await fetch(url("/api/health"), { headers: { "x-forwarded-proto": "https" } });
    expect(api.headers.get("strict-transport-security")).toBe("max-age=15552000");
    await api.text();
    const plain = await fetch(url("/api/health"));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    await plain.text();
  });

  it.each(["/api/v2/groups/1", "/api/get_thread/999999999", "/api/nope", "/api/v2/groups/%E0%A4%A"])(
    "gives the API answer %s nosniff and a deny-all CSP",
    async (path) => {
      const response = await fetch(url(path), { headers: { api_key: inject("apiKey") } });
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toContain("application/json");
      await response.text();
    },
  );
});

describe("CORS", () => {
  it("answers a preflight with the allowed origin, methods and headers, and no credentials", async () => {
    const response = await fetch(url("/api/v2/groups/1"), {
      method: "OPTIONS",
      headers: { origin: CLIENT, "access-control-request-method": "GET", "access-control-request-headers": "api_key, x-request-id" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST");
    const allowed = response.headers.get("access-control-allow-headers")?.split(", ");
    expect(allowed).toEqual(expect.arrayContaining(["api_key", "svc-api-key", "authorization", "content-type", "x-request-id"]));
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers a preflight for an unknown path with the 404 envelope, which the browser treats as refused", async () => {
    const response = await fetch(url("/api/v2/nope"), { method: "OPTIONS", headers: { origin: CLIENT, "access-control-request-method": "GET" } });
    expect(response.status).toBe(404);
  });

  it("lets a cross-origin GET read the answer and its paging, budget and id headers", async () => {
    const response = await fetch(url("/api/v2/groups/1"), { headers: { origin: CLIENT, api_key: inject("apiKey") } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = response.headers.get("access-control-expose-headers")?.split(", ");
    expect(exposed).toEqual(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After", "X-Request-Id", "ETag", "Link"]);
    // The route's own Vary (the auth headers) is kept.
    expect(response.headers.get("vary") ?? "").not.toContain("Origin");
    await response.text();
  });

  it("lets a cross-origin POST through with the same headers, errors included", async () => {
    const response = await fetch(url("/api/v2/posts/1/like"), { method: "POST", headers: { origin: CLIENT, "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    await response.text();
  });

  it("gives next-auth's cookie routes no CORS headers", async () => {
    const response = await fetch(url("/api/auth/session"), { headers: { origin: CLIENT } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    await response.text();
  });

  it("gives pages no CORS headers", async () => {
    const response = await fetch(url("/"), { headers: { origin: CLIENT } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    await response.text();
  });
});
