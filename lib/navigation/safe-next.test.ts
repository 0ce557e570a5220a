import { describe, expect, it } from "vitest";

import { buildSignInHref, readSafeNext } from "./safe-next";

// Every one of these reaches another origin (or a scheme that runs code) in some browser or proxy.
const OFF_SITE = [
  "//evil.com",
  "///evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "https://evil.com",
  "http:evil.com",
  "HTTPS://evil.com/path",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/%2F%2Fevil.com",
  "/%2f%2fevil.com",
  "/%5Cevil.com",
  "/%5C%5Cevil.com",
  "/%09/evil.com",
  "/%0A/evil.com",
  "/%0d%0a/evil.com",
  "/%00/evil.com",
  "/\u0000/evil.com",
  "/\u007f/evil.com",
  "evil.com",
  "",
];

// Same-origin paths a browser would never leave the site for, but that must not be targets.
const REFUSED_ON_SITE = ["/signin", "/signin?next=/x", "/./signin", "/a/../signin", "/api/wallet/nonce", "/%61pi/x", "/%E0%A4%A"];

describe("readSafeNext", () => {
  it.each(OFF_SITE)("refuses %j", (next) => {
    expect(readSafeNext(next)).toBe("/");
    expect(readSafeNext(next, "/home")).toBe("/home");
  });

  it.each(REFUSED_ON_SITE)("refuses the same-origin target %j", (next) => {
    expect(readSafeNext(next)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/g/cats", "/g/cats"],
    ["/t/12?page=2#post-5", "/t/12?page=2#post-5"],
    ["/search?q=a%20b", "/search?q=a%20b"],
    ["/g/caf%C3%A9", "/g/caf%C3%A9"],
    ["/u/alice/../bob", "/u/bob"],
    ["/g/x?next=//evil.com", "/g/x?next=//evil.com"],
  ])("keeps the same-origin path %j as %j", (next, expected) => {
    expect(readSafeNext(next)).toBe(expected);
  });

  it("reads the first of repeated parameters and falls back without one", () => {
    expect(readSafeNext(["/g/a", "//evil.com"])).toBe("/g/a");
    expect(readSafeNext(["//evil.com", "/g/a"])).toBe("/");
    expect(readSafeNext(undefined, "/home")).toBe("/home");
    expect(readSafeNext([], "/home")).toBe("/home");
  });

  it("never returns anything that resolves off the site", () => {
    for (const next of OFF_SITE) {
      expect(new URL(readSafeNext(next), "https://forum.example").origin).toBe("https://forum.example");
    }
  });
});

describe("buildSignInHref", () => {
  it("round-trips through readSafeNext", () => {
    const href = buildSignInHref("/t/12?page=2");
    expect(href).toBe("/signin?next=%2Ft%2F12%3Fpage%3D2");
    expect(readSafeNext(new URL(href, "https://forum.example").searchParams.get("next") ?? undefined)).toBe("/t/12?page=2");
  });
});
