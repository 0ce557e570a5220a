import { describe, expect, it } from "vitest";
import { splitWebLinks } from "./web-links";

describe("splitWebLinks (a bio's links)", () => {
  it("makes http(s) addresses links and leaves everything else text, sentence punctuation outside", () => {
    expect(splitWebLinks("See https://example.com/a?b=1. And <b>http://x.org</b>!")).toEqual([
      { text: "See " },
      { href: "https://example.com/a?b=1", text: "https://example.com/a?b=1" },
      { text: ". And <b>" },
      { href: "http://x.org", text: "http://x.org" },
      { text: "</b>!" },
    ]);
  });

  it("never links other schemes and keeps text without addresses whole", () => {
    expect(splitWebLinks("javascript:alert(1) ftp://files data:text/html,x")).toEqual([{ text: "javascript:alert(1) ftp://files data:text/html,x" }]);
    expect(splitWebLinks("")).toEqual([]);
  });

  it("joins back to the text", () => {
    const text = "(https://a.example/path), then https://b.example\nbye";
    expect(
      splitWebLinks(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });
});
