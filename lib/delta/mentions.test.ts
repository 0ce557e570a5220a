import { describe, expect, it } from "vitest";
import { extractMentionKeys, MAX_MENTIONS_PER_POST } from "@/lib/delta/mentions";

const ops = (...texts: string[]) => texts.map((insert) => ({ insert }));

describe("extractMentionKeys", () => {
  it("finds @names case-insensitively, once each, in order", () => {
    expect(extractMentionKeys(ops("Hi @Alice and @bob_1, again @ALICE.\n"))).toEqual(["alice", "bob_1"]);
  });

  it("reads across ops and normalises fullwidth letters (NFKC), as usernames are stored", () => {
    expect(extractMentionKeys(ops("thanks @", "carol\n", "@ｄａｖｅ\n"))).toEqual(["carol", "dave"]);
  });

  it("ignores addresses, lone @ and one-letter names; trailing dots and dashes end the name", () => {
    expect(extractMentionKeys(ops("mail me@example.org or @ or @x, see @erin-. @user-ab12.\n"))).toEqual(["erin", "user-ab12"]);
  });

  it("does not read names out of embeds and stops at the cap", () => {
    const many = Array.from({ length: MAX_MENTIONS_PER_POST + 5 }, (_, index) => `@name${index}`).join(" ");
    expect(extractMentionKeys([{ insert: { image: "https://example.org/@nope.png" } }, ...ops(many)] as never)).toHaveLength(MAX_MENTIONS_PER_POST);
  });
});
