import { describe, expect, it } from "vitest";
import { parseDeltaContent } from "@/lib/delta/parse";
import { deltaPreview, PREVIEW_MAX_BYTES } from "@/lib/delta/preview";

const bytes = (text: string) => new TextEncoder().encode(text).length;

function expectValidPreview(preview: string | null, maxBytes = PREVIEW_MAX_BYTES): string {
  expect(preview).not.toBeNull();
  const text = preview!;
  expect(bytes(text)).toBeLessThanOrEqual(maxBytes);
  const parsed = parseDeltaContent(text);
  expect(parsed.ok).toBe(true);
  // Already normalised: what is stored is what the parser would store.
  if (parsed.ok) expect(parsed.json).toBe(text);
  expect(text.endsWith('…\\n"}]')).toBe(true);
  return text;
}

describe("deltaPreview", () => {
  it("is null for content that fits", () => {
    expect(deltaPreview(JSON.stringify([{ insert: "short\n" }]))).toBeNull();
    const overhead = bytes(JSON.stringify([{ insert: "\n" }]));
    const exact = JSON.stringify([{ insert: `${"a".repeat(PREVIEW_MAX_BYTES - overhead)}\n` }]);
    expect(bytes(exact)).toBe(PREVIEW_MAX_BYTES);
    expect(deltaPreview(exact)).toBeNull();
  });

  it("cuts one long text op to a valid delta within the budget", () => {
    const preview = expectValidPreview(deltaPreview(JSON.stringify([{ insert: `${"word ".repeat(5000)}\n` }])));
    expect(bytes(preview)).toBeGreaterThan(PREVIEW_MAX_BYTES - 64);
  });

  it("never splits a surrogate pair or a multi-byte character", () => {
    const preview = expectValidPreview(deltaPreview(JSON.stringify([{ insert: `${"😀é".repeat(4000)}\n` }])));
    expect(preview).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("keeps whole link ops and drops what does not fit (alternating links defeat op merging)", () => {
    const link = (n: number) => `https://example.com/${String(n).repeat(1000).slice(0, 1900)}`;
    const ops = Array.from({ length: 40 }, (_, i) => ({ insert: "x", attributes: { link: link(i % 2) } }));
    const preview = expectValidPreview(deltaPreview(JSON.stringify([...ops, { insert: "\n" }])));
    const kept = JSON.parse(preview) as Array<{ insert: string; attributes?: { link: string } }>;
    expect(kept.length).toBeGreaterThan(1);
    for (const op of kept.slice(0, -1)) expect(op.attributes?.link).toMatch(/^https:\/\/example\.com\//);
  });

  it("drops an image that does not fit and still ends the document", () => {
    const image = { insert: { image: `https://example.com/${"i".repeat(2000)}` } };
    const ops = [{ insert: "a".repeat(7000) }, image, { insert: "\n" }];
    const kept = JSON.parse(expectValidPreview(deltaPreview(JSON.stringify(ops)))) as unknown[];
    expect(kept).toEqual([{ insert: `${"a".repeat(7000)}…\n` }]);
  });

  it("honours a smaller budget and hostile stored content", () => {
    expectValidPreview(deltaPreview(JSON.stringify([{ insert: "b".repeat(3000) }]), 1024), 1024);
    expectValidPreview(deltaPreview(`not json ${"c".repeat(9000)}`));
    expectValidPreview(deltaPreview(JSON.stringify({ ops: [{ insert: `${"d".repeat(9000)}\n` }] })));
  });
});
