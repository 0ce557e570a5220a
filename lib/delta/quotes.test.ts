import { describe, expect, it } from "vitest";
import { extractQuotedPostIds, findStrayQuote } from "@/lib/delta/quotes";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import { parseDeltaContent } from "@/lib/delta/parse";
import type { DeltaOp } from "@/lib/delta/schema";
import { cleanDeltaOps } from "@/components/editor/clean-delta";

const quoteLine = (text: string, quote: number): DeltaOp[] => [{ insert: text }, { insert: "\n", attributes: { blockquote: true, quote } }];

describe("quotes in a delta (contract section 17)", () => {
  it("finds the quoted posts once each, in order, only on blockquote lines", () => {
    const ops = [...quoteLine("a", 7), ...quoteLine("b", 3), ...quoteLine("c", 7), { insert: "x\n", attributes: { quote: 9 } }];
    expect(extractQuotedPostIds(ops)).toEqual([7, 3]);
    expect(findStrayQuote(ops)).toBe(6);
    expect(findStrayQuote(quoteLine("a", 7))).toBe(-1);
  });

  it("parses the attribute as a positive integer and refuses anything else", () => {
    expect(parseDeltaContent(quoteLine("a", 7)).ok).toBe(true);
    for (const bad of ["7", 0, -1, 1.5, 2 ** 31]) {
      expect(parseDeltaContent([{ insert: "a" }, { insert: "\n", attributes: { blockquote: true, quote: bad } }]).ok).toBe(false);
    }
  });

  it("renders consecutive lines of one quote as one blockquote with its author and a link", () => {
    const sources = new Map([[7, { username: "al<ice", href: "/g/g1/t/3/topic#post-7" }]]);
    const html = renderDeltaToStoredHtml([...quoteLine("one", 7), ...quoteLine("two", 7), { insert: "mine\n" }], sources);
    expect(html).toBe(
      '<blockquote class="quote" data-quote="7"><p class="quote__source"><a href="/g/g1/t/3/topic#post-7">al&lt;ice</a> wrote:</p>' +
        "<p>one</p><p>two</p></blockquote><p>mine</p>",
    );
  });

  it("renders a quote of an unknown post without attribution, and two quotes in a row apart", () => {
    const html = renderDeltaToStoredHtml([...quoteLine("one", 7), ...quoteLine("two", 8)]);
    expect(html).toBe('<blockquote class="quote" data-quote="7"><p>one</p></blockquote><blockquote class="quote" data-quote="8"><p>two</p></blockquote>');
  });

  it("the editor's output keeps a quote id (Quill gives it back as text) on blockquote lines only", () => {
    expect(cleanDeltaOps([{ insert: "\n", attributes: { blockquote: true, quote: "12" } }])).toEqual([
      { insert: "\n", attributes: { blockquote: true, quote: 12 } },
    ]);
    expect(cleanDeltaOps([{ insert: "\n", attributes: { quote: "12" } }])).toEqual([{ insert: "\n" }]);
    expect(cleanDeltaOps([{ insert: "\n", attributes: { blockquote: true, quote: "x" } }])).toEqual([{ insert: "\n", attributes: { blockquote: true } }]);
  });
});
