import { describe, expect, it } from "vitest";
import { apiSecurityHeaders, buildPageCsp, createNonce, pageSecurityHeaders } from "@/lib/http/security-headers";

function directives(csp: string): Map<string, string> {
  return new Map(csp.split("; ").map((directive) => [directive.split(" ")[0]!, directive.slice(directive.indexOf(" ") + 1)]));
}

describe("security headers", () => {
  it("makes a new base64 nonce every time", () => {
    const nonces = new Set(Array.from({ length: 20 }, createNonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("lets only nonced scripts (and what they load) run on pages, with no eval in production", () => {
    const csp = directives(buildPageCsp("abc", { development: false, https: false }));
    expect(csp.get("script-src")).toBe("'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("img-src")).toBe("'self' data: blob:");
    expect(csp.get("connect-src")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(directives(buildPageCsp("abc", { development: true, https: true })).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(buildPageCsp("abc", { development: false, https: true })).has("upgrade-insecure-requests")).toBe(true);
  });

  it("sends HSTS only over https and only with a max-age", () => {
    expect(pageSecurityHeaders("x", false, 100)["strict-transport-security"]).toBeUndefined();
    expect(pageSecurityHeaders("x", true, 100)["strict-transport-security"]).toBe("max-age=100");
    expect(apiSecurityHeaders(true, 0)["strict-transport-security"]).toBeUndefined();
  });

  it("gives API answers a policy under which nothing loads", () => {
    expect(apiSecurityHeaders(false, 0)).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    });
  });
});
