import { describe, it, expect } from "vitest";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import type { Delta } from "@/lib/delta/schema";
import { IMAGE_PROXY_PATH, proxyImageUrl } from "@/lib/media/image-proxy-url";
import { renderDeltaToHtml, serveStoredHtml } from "@/lib/views/served-html";

const REL = 'rel="nofollow noopener noreferrer ugc" target="_blank"';

// Remote images go through the signed image proxy; in HTML the query's "&" is "&amp;".
function proxied(url: string): string {
  const src = proxyImageUrl(url);
  expect(src.startsWith(`${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}&sig=`)).toBe(true);
  return src.replaceAll("&", "&amp;");
}

function render(ops: unknown[]): string {
  return renderDeltaToHtml(JSON.stringify(ops));
}

describe("renderDeltaToHtml: inline formats", () => {
  it.each([
    [{ bold: true }, "<strong>t</strong>"],
    [{ italic: true }, "<em>t</em>"],
    [{ underline: true }, "<u>t</u>"],
    [{ strike: true }, "<s>t</s>"],
    [{ code: true }, "<code>t</code>"],
    [{ background: "#ffee00" }, '<span style="background-color:#ffee00">t</span>'],
    [{ background: "rgba(1, 2, 3, 0.5)" }, '<span style="background-color:rgba(1, 2, 3, 0.5)">t</span>'],
    [{ link: "https://example.com/?a=1&b=2" }, `<a href="https://example.com/?a=1&amp;b=2" ${REL}>t</a>`],
  ])("renders %j", (attributes, inner) => {
    expect(render([{ insert: "t", attributes }, { insert: "\n" }])).toBe(`<p>${inner}</p>`);
  });

  it("nests combined formats with the link outermost", () => {
    const html = render([{ insert: "t", attributes: { bold: true, italic: true, link: "http://x.io" } }, { insert: "\n" }]);
    expect(html).toBe(`<p><a href="http://x.io" ${REL}><strong><em>t</em></strong></a></p>`);
  });

  it("renders images and emoji", () => {
    const html = render([{ insert: { image: "https://x.io/a.png" } }, { insert: { emoji: { name: "smile", unicode: "😄" } } }, { insert: "\n" }]);
    expect(html).toBe(`<p><img src="${proxied("https://x.io/a.png")}" alt="" loading="lazy" /><span class="emoji" role="img" aria-label="smile">😄</span></p>`);
  });

  it("escapes text", () => {
    expect(render([{ insert: '<script>alert(1)</script> & "q"\n' }])).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "q"</p>');
  });
});

describe("renderDeltaToHtml: lines", () => {
  it("renders paragraphs, keeping empty lines", () => {
    expect(render([{ insert: "one\n\ntwo\n" }])).toBe("<p>one</p><p><br /></p><p>two</p>");
  });

  it("renders headers from the newline's attributes", () => {
    const html = render([
      { insert: "A" },
      { insert: "\n", attributes: { header: 1 } },
      { insert: "B" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "C" },
      { insert: "\n", attributes: { header: 3 } },
    ]);
    expect(html).toBe("<h1>A</h1><h2>B</h2><h3>C</h3>");
  });

  it("groups consecutive list lines and starts a new list when the kind changes", () => {
    const html = render([
      { insert: "a" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "b" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "c" },
      { insert: "\n", attributes: { list: "ordered" } },
      { insert: "d" },
      { insert: "\n", attributes: { list: "ordered" } },
      { insert: "after\n" },
    ]);
    expect(html).toBe("<ul><li>a</li><li>b</li></ul><ol><li>c</li><li>d</li></ol><p>after</p>");
  });

  it("closes a list at a paragraph and opens a new one after it", () => {
    const html = render([
      { insert: "a" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "p\nb" },
      { insert: "\n", attributes: { list: "bullet" } },
    ]);
    expect(html).toBe("<ul><li>a</li></ul><p>p</p><ul><li>b</li></ul>");
  });

  it("renders blockquotes with inline formats inside", () => {
    const html = render([
      { insert: "q", attributes: { italic: true } },
      { insert: "\n", attributes: { blockquote: true } },
    ]);
    expect(html).toBe("<blockquote><em>q</em></blockquote>");
  });

  it("renders text without a final newline as a last paragraph", () => {
    expect(render([{ insert: "a\nb" }])).toBe("<p>a</p><p>b</p>");
  });

  it("accepts a parsed delta as well as its JSON", () => {
    const delta: Delta = [{ insert: "hi", attributes: { bold: true } }, { insert: "\n" }];
    expect(renderDeltaToHtml(delta)).toBe("<p><strong>hi</strong></p>");
  });
});

describe("renderDeltaToHtml: old or hostile stored content", () => {
  it("keeps the text of an invalid delta but drops its javascript: link", () => {
    const html = render([{ insert: "click", attributes: { link: "javascript:alert(1)", bold: true } }, { insert: "\n" }]);
    expect(html).toBe("<p><strong>click</strong></p>");
  });

  it("drops unknown attributes such as onerror", () => {
    const html = render([{ insert: "x", attributes: { onerror: "alert(1)", italic: true } }, { insert: "\n" }]);
    expect(html).toBe("<p><em>x</em></p>");
  });

  it("drops non-http images and keeps the rest", () => {
    const html = render([
      { insert: { image: "javascript:alert(1)" } },
      { insert: { image: "data:image/svg+xml,<svg onload=alert(1)>" } },
      { insert: { image: "https://x.io/ok.png" } },
      { insert: "\n" },
    ]);
    expect(html).toBe(`<p><img src="${proxied("https://x.io/ok.png")}" alt="" loading="lazy" /></p>`);
  });

  it("drops a background that tries to smuggle more CSS", () => {
    const html = render([{ insert: "x", attributes: { background: "red;position:fixed" } }, { insert: "\n" }]);
    expect(html).toBe("<p>x</p>");
  });

  it("escapes markup in text and emoji fields", () => {
    const html = render([
      { insert: '<img src=x onerror="alert(1)">' },
      { insert: { emoji: { name: '"><script>alert(1)</script>', unicode: "<b>" } } },
      { insert: "\n" },
    ]);
    expect(html).toBe(
      '<p>&lt;img src=x onerror="alert(1)"&gt;<span class="emoji" role="img" aria-label="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&lt;b&gt;</span></p>',
    );
  });

  it("renders content that is not JSON as escaped plain text", () => {
    expect(renderDeltaToHtml("<b>old</b> post")).toBe("<p>&lt;b&gt;old&lt;/b&gt; post</p>");
  });

  it("reads Quill's {ops: [...]} form", () => {
    expect(renderDeltaToHtml('{"ops":[{"insert":"hi\\n"}]}')).toBe("<p>hi</p>");
  });

  it("never emits scripts, event handlers or javascript:/data: URLs", () => {
    const hostile = [
      { insert: "a", attributes: { link: "JaVaScRiPt:alert(1)" } },
      { insert: "b", attributes: { link: "data:text/html,<script>alert(1)</script>" } },
      { insert: { image: "java\tscript:alert(1)" } },
      { insert: "<script>alert(1)</script><a href=javascript:x onclick=y>z</a>" },
      { insert: "\n", attributes: { header: "1><script>alert(1)</script" } },
      { insert: 42 },
      "junk",
    ];
    const html = render(hostile);
    expect(html).toBe("<p>ab&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=javascript:x onclick=y&gt;z&lt;/a&gt;</p>");
    expect(html).not.toMatch(/<script|<a[\s>]|<[^>]*\son\w+\s*=|<[^>]*(javascript|data):/i);
  });
});

describe("stored HTML", () => {
  it("keeps image addresses unsigned when stored and signs them when served", () => {
    const url = 'https://images.example/a.png?x=1&y="2"';
    const stored = renderDeltaToStoredHtml(JSON.stringify([{ insert: { image: url } }, { insert: "\n" }]));
    expect(stored).not.toContain(IMAGE_PROXY_PATH);
    const served = serveStoredHtml(stored);
    expect(served).toBe(renderDeltaToHtml(JSON.stringify([{ insert: { image: url } }, { insert: "\n" }])));
    expect(served).toContain(proxied(url));
    // Text that merely looks like an image tag is escaped, so it is never rewritten.
    const text = renderDeltaToStoredHtml(JSON.stringify([{ insert: '<img src="https://evil.example/x">\n' }]));
    expect(serveStoredHtml(text)).toBe(text);
  });
});
