import { describe, it, expect } from "vitest";
import { deltaToPlainText, isDeltaEmpty, parseDeltaContent } from "@/lib/delta/parse";

function expectError(input: unknown, error: string): void {
  expect(parseDeltaContent(input)).toEqual({ ok: false, error });
}

function withOp(op: unknown, index = 0): string {
  const filler = Array.from({ length: index }, () => ({ insert: "ok " }));
  return JSON.stringify([...filler, op, { insert: "\n" }]);
}

describe("parseDeltaContent: valid content", () => {
  it("keeps a rich delta and stores exactly the normalised delta as json", () => {
    const delta = [
      { insert: "Title" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "bold", attributes: { bold: true, background: "#ff0" } },
      { insert: " link", attributes: { link: "https://example.com/a?b=1" } },
      { insert: "\nitem" },
      { insert: "\n", attributes: { list: "ordered" } },
      { insert: { image: "http://img.example.com/x.png" } },
      { insert: { emoji: { name: "smile", unicode: "😄" } } },
      { insert: "\n", attributes: { blockquote: true } },
    ];
    const result = parseDeltaContent(JSON.stringify(delta));
    expect(result).toEqual({ ok: true, delta, json: JSON.stringify(delta) });
  });

  it("accepts an already-parsed array", () => {
    const result = parseDeltaContent([{ insert: "hello\n" }]);
    expect(result).toEqual({ ok: true, delta: [{ insert: "hello\n" }], json: '[{"insert":"hello\\n"}]' });
  });

  it("merges adjacent string inserts with identical attributes, whatever their key order", () => {
    const result = parseDeltaContent([
      { insert: "a", attributes: { bold: true, italic: true } },
      { insert: "b", attributes: { italic: true, bold: true } },
      { insert: "c" },
      { insert: "", attributes: { underline: true } },
      { insert: "d\n" },
    ]);
    expect(result.ok && result.delta).toEqual([{ insert: "ab", attributes: { bold: true, italic: true } }, { insert: "cd\n" }]);
  });

  it("drops false and null attributes and the empty attribute objects they leave", () => {
    const result = parseDeltaContent([
      { insert: "x", attributes: { bold: false, link: null } },
      { insert: "y", attributes: {} },
      { insert: "z", attributes: { italic: true, header: null } },
    ]);
    expect(result.ok && result.json).toBe('[{"insert":"xy"},{"insert":"z","attributes":{"italic":true}},{"insert":"\\n"}]');
  });

  it("appends the trailing newline Quill requires", () => {
    expect(parseDeltaContent([{ insert: "plain" }])).toMatchObject({ delta: [{ insert: "plain\n" }] });
    expect(parseDeltaContent([{ insert: { image: "https://x.io/a.png" } }])).toMatchObject({
      delta: [{ insert: { image: "https://x.io/a.png" } }, { insert: "\n" }],
    });
    expect(parseDeltaContent([{ insert: "b", attributes: { bold: true } }])).toMatchObject({
      delta: [{ insert: "b", attributes: { bold: true } }, { insert: "\n" }],
    });
  });

  it("accepts emoji-only and image-only content", () => {
    const emoji = parseDeltaContent([{ insert: { emoji: { name: "tada", unicode: "🎉" } } }, { insert: "\n" }]);
    expect(emoji.ok).toBe(true);
    expect(parseDeltaContent([{ insert: { image: "https://x.io/a.png" } }]).ok).toBe(true);
  });
});

describe("parseDeltaContent: rejections name what and where", () => {
  it.each([
    ["null", null, "content: is required"],
    ["not JSON", "{oops", "content: not valid JSON"],
    ["not an array", '{"insert":"x"}', "content: must be a JSON array of delta ops"],
    ["a number", 42, "content: must be a JSON array of delta ops"],
    ["an empty array", "[]", "content: must not be empty"],
    ["an op that is not an object", '["x"]', "content[0]: must be an object with an insert"],
    ["an op without insert", '[{"attributes":{}}]', "content[0].insert: is required"],
    ["a retain op", '[{"insert":"x","retain":1}]', 'content[0]: unknown field "retain"'],
    ["an unknown embed", '[{"insert":{"video":"https://x.io"}}]', "content[0].insert: must be a string, an {image} or an {emoji} object"],
  ])("rejects %s", (_name, input, error) => expectError(input, error));

  it.each([
    [{ script: "alert(1)" }, 'content[3].attributes: unknown attribute "script"'],
    [{ bold: "yes" }, "content[3].attributes.bold: must be true or false"],
    [{ header: 4 }, "content[3].attributes.header: must be an integer from 1 to 3"],
    [{ header: 1.5 }, "content[3].attributes.header: must be an integer from 1 to 3"],
    [{ list: "checked" }, 'content[3].attributes.list: must be "bullet" or "ordered"'],
    [{ link: 7 }, "content[3].attributes.link: must be a URL string"],
    [{ link: `https://x.io/${"a".repeat(2040)}` }, "content[3].attributes.link: links must be at most 2048 characters"],
  ])("rejects attributes %j", (attributes, error) => expectError(withOp({ insert: "t", attributes }, 3), error));

  it.each(["red; background-image: url(https://x.io)", "url(javascript:alert(1))", "#ffff", "expression(alert(1))", "rgb(1,2)"])(
    "rejects the background %j",
    (background) => {
      expectError(
        withOp({ insert: "t", attributes: { background } }),
        "content[0].attributes.background: must be a CSS colour (#rgb, #rrggbb, rgb(), rgba() or a colour name)",
      );
    },
  );

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<b>x</b>",
    "ftp://x.io/f",
    "//x.io/a",
    "/relative",
  ])("rejects the link %j", (link) => expectError(withOp({ insert: "t", attributes: { link } }), "content[0].attributes.link: links must be http(s) URLs"));

  it.each(["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://x.io/a.png", "x.png"])("rejects the image %j", (image) => {
    expectError(withOp({ insert: { image } }, 2), "content[2].insert.image: images must be http(s) URLs");
  });

  it("rejects a malformed emoji at its field", () => {
    expectError(withOp({ insert: { emoji: { name: "", unicode: "x" } } }), "content[0].insert.emoji.name: must be 1 to 64 characters");
    expectError(withOp({ insert: { emoji: { name: "a", unicode: "x".repeat(17) } } }), "content[0].insert.emoji.unicode: must be 1 to 16 characters");
    expectError(withOp({ insert: { emoji: { name: "a", unicode: "x", url: "y" } } }), 'content[0].insert.emoji: unknown key "url"');
  });

  it("enforces the op count and text length caps", () => {
    expectError(
      Array.from({ length: 5001 }, () => ({ insert: "a" })),
      "content: must have at most 5000 ops",
    );
    expectError([{ insert: "a".repeat(100_001) }], "content: text must be at most 100000 characters");
  });

  it.each([
    ["an empty string", ""],
    ["whitespace text", '[{"insert":"  \\n\\t \\n"}]'],
    ["zero-width text", '[{"insert":"\\u200b\\ufeff\\n"}]'],
  ])("rejects %s as empty", (_name, input) => expectError(input, "content: must not be empty"));
});

describe("isDeltaEmpty", () => {
  it("counts text, images and emoji as content but not whitespace", () => {
    expect(isDeltaEmpty([{ insert: " \n" }])).toBe(true);
    expect(isDeltaEmpty([{ insert: " x\n" }])).toBe(false);
    expect(isDeltaEmpty([{ insert: { image: "https://x.io/a.png" } }])).toBe(false);
    expect(isDeltaEmpty([{ insert: { emoji: { name: "ok", unicode: "👌" } } }])).toBe(false);
  });
});

describe("deltaToPlainText", () => {
  const delta = [
    { insert: "Hello\n\n  world " },
    { insert: { emoji: { name: "wave", unicode: "👋" } } },
    { insert: { image: "https://x.io/a.png" } },
    { insert: "end\n" },
  ];

  it("flattens images and emoji and collapses whitespace", () => {
    expect(deltaToPlainText(delta)).toBe("Hello world 👋 [image] end");
  });

  it("cuts at maxLength with an ellipsis, never splitting an emoji", () => {
    expect(deltaToPlainText(delta, 6)).toBe("Hello…");
    expect(deltaToPlainText(delta, 8)).toBe("Hello w…");
    expect(deltaToPlainText(delta, 14)).toBe("Hello world 👋…");
    expect(deltaToPlainText(delta, 100)).toBe("Hello world 👋 [image] end");
  });
});
