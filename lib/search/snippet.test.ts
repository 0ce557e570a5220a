import { describe, expect, it } from "vitest";
import { escapeHtml, parseHeadline, snippetToMarkedHtml } from "@/lib/search/snippet";

// ts_headline's output as lib/db/search.ts receives it: \x01…\x02 around matches, < > & as \x03 \x04 \x05.
describe("parseHeadline", () => {
  it("splits marked matches from plain text and restores < > &", () => {
    expect(parseHeadline("\u0003script\u0004alert(1)\u0003/script\u0004 \u0001needle\u0002 \u0005 more")).toEqual([
      { text: "<script>alert(1)</script> ", match: false },
      { text: "needle", match: true },
      { text: " & more", match: false },
    ]);
  });

  it("folds whitespace, merges neighbouring matches and drops stray control characters", () => {
    expect(parseHeadline("  a\n\n\u0001b\u0002\u0001c\u0002\u0007 d  ")).toEqual([
      { text: "a ", match: false },
      { text: "bc", match: true },
      { text: " d", match: false },
    ]);
  });

  it("marks only text between a start and a stop marker; unpaired markers are dropped", () => {
    expect(parseHeadline("x\u0002y \u0001z")).toEqual([{ text: "xy z", match: false }]);
  });

  it("answers no parts for empty text", () => {
    expect(parseHeadline("")).toEqual([]);
  });
});

describe("snippetToMarkedHtml", () => {
  it("escapes every part and leaves only <mark> as markup", () => {
    const html = snippetToMarkedHtml([
      { text: `<img src=x onerror="alert('1')"> & `, match: false },
      { text: "<b>hit</b>", match: true },
    ]);
    expect(html).toBe("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; <mark>&lt;b&gt;hit&lt;/b&gt;</mark>");
    expect(html.replace(/<\/?mark>/g, "")).not.toMatch(/[<>"']/);
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
