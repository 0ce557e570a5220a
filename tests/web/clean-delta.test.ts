import { describe, expect, it } from "vitest";
import { cleanDeltaOps, normalizeUserUrl, readEditableContent } from "@/components/editor/clean-delta";
import { parseDeltaContent } from "@/lib/delta/parse";

describe("cleanDeltaOps", () => {
  it("keeps everything the API accepts as it is", () => {
    const ops = [
      { insert: "bold", attributes: { bold: true, italic: true, link: "https://example.com" } },
      { insert: { image: "https://img.example/a.png" } },
      { insert: { emoji: { name: "tada", unicode: "🎉" } } },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "x", attributes: { background: "#ffcc00", code: true, strike: true, underline: true } },
      { insert: "\n", attributes: { blockquote: true } },
    ];
    expect(cleanDeltaOps(ops)).toEqual(ops);
    expect(parseDeltaContent(JSON.stringify(cleanDeltaOps(ops))).ok).toBe(true);
  });

  it("brings pasted content inside the API's rules", () => {
    const cleaned = cleanDeltaOps([
      { insert: "mail me", attributes: { link: "mailto:a@example.com", color: "#f00", font: "serif" } },
      { insert: { image: "data:image/png;base64,AAAA" } },
      { insert: { video: "https://example.com/v.mp4" } },
      { insert: "\n", attributes: { header: 5 } },
      { insert: "\n", attributes: { list: "checked" } },
      { insert: "x", attributes: { background: "url(javascript:alert(1))", bold: false } },
      { insert: "\n", attributes: { "code-block": true, indent: 1 } },
    ]);
    expect(cleaned).toEqual([
      { insert: "mail me" },
      { insert: "\n", attributes: { header: 3 } },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "x" },
      { insert: "\n" },
    ]);
    expect(parseDeltaContent(JSON.stringify(cleaned)).ok).toBe(true);
  });
});

describe("readEditableContent", () => {
  it("opens stored rows of any shape as ops Quill can take", () => {
    const odd = [
      { insert: "kept\n" },
      { insert: 7 },
      null,
      "bare",
      ["x"],
      { insert: { video: "javascript:alert(1)" } },
      { insert: "x", attributes: { link: "javascript:alert(1)" } },
    ];
    expect(readEditableContent(JSON.stringify(odd))).toEqual([{ insert: "kept\n" }, { insert: "x" }]);
    expect(readEditableContent(JSON.stringify({ ops: [{ insert: "an ops object\n" }] }))).toEqual([{ insert: "an ops object\n" }]);
    expect(readEditableContent('"a JSON string"')).toEqual([{ insert: "a JSON string\n" }]);
    expect(readEditableContent("null")).toEqual([]);
    expect(readEditableContent("42")).toEqual([]);
    // Outside a browser there is no DOMParser: old HTML opens as its source text.
    expect(readEditableContent("<p>legacy</p>")).toEqual([{ insert: "<p>legacy</p>\n" }]);
  });
});

describe("normalizeUserUrl", () => {
  it.each([
    ["example.com/docs", "https://example.com/docs"],
    ["  http://example.com  ", "http://example.com"],
    ["https://example.com/a?b=c#d", "https://example.com/a?b=c#d"],
    ["javascript:alert(1)", null],
    ["mailto:a@example.com", null],
    ["", null],
    ["not a url", null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeUserUrl(input)).toBe(expected);
  });
});
