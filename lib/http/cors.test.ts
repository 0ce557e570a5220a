import { describe, expect, it } from "vitest";
import { corsHeaders, isCorsPath, parseCorsOrigins } from "@/lib/http/cors";

const preflight = (origin: string) =>
  new Request("http://agora.test/api/v2/groups/1", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
const simple = (origin?: string) => new Request("http://agora.test/api/v2/groups/1", { headers: origin ? { origin } : {} });

describe("CORS", () => {
  it("reads AGORA_CORS_ORIGINS as *, a list (case and trailing slash ignored), or none", () => {
    expect(parseCorsOrigins("*")).toBe("*");
    expect(parseCorsOrigins(" https://A.example/ , http://b.example:8080")).toEqual(["https://a.example", "http://b.example:8080"]);
    expect(parseCorsOrigins("")).toEqual([]);
  });

  it("lets any origin call with *, without credentials, and exposes the paging and budget headers", () => {
    const headers = corsHeaders(simple("https://client.example"), "*");
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(headers["access-control-allow-credentials"]).toBeUndefined();
    expect(headers["access-control-expose-headers"]).toContain("X-RateLimit-Remaining");
    expect(headers["access-control-expose-headers"]).toContain("Link");
  });

  it("answers a preflight with the methods and the key headers", () => {
    const headers = corsHeaders(preflight("https://client.example"), "*");
    expect(headers["access-control-allow-methods"]).toBe("GET, POST");
    expect(headers["access-control-allow-headers"]?.split(", ")).toEqual(
      expect.arrayContaining(["api_key", "svc-api-key", "authorization", "content-type", "x-request-id"]),
    );
    expect(Number(headers["access-control-max-age"])).toBeGreaterThan(0);
  });

  it("with a list, echoes only a listed origin and always varies on Origin", () => {
    const origins = parseCorsOrigins("https://client.example");
    expect(corsHeaders(preflight("https://client.example"), origins)).toMatchObject({
      "access-control-allow-origin": "https://client.example",
      vary: "Origin",
    });
    expect(corsHeaders(preflight("https://evil.example"), origins)).toEqual({ vary: "Origin" });
    expect(corsHeaders(simple(), origins)).toEqual({ vary: "Origin" });
    expect(corsHeaders(simple("https://client.example"), [])).toEqual({ vary: "Origin" });
  });

  it("covers the API but not next-auth's cookie routes", () => {
    expect(isCorsPath("/api/v2/groups/1")).toBe(true);
    expect(isCorsPath("/api")).toBe(true);
    expect(isCorsPath("/api/auth/session")).toBe(false);
    expect(isCorsPath("/g/demo")).toBe(false);
  });
});
