import { describe, expect, it } from "vitest";
import { describeForForm } from "@/lib/actions/form-errors";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";

describe("describeForForm", () => {
  it.each([
    [new Invalid("title", "must not be empty"), "Title must not be empty", "title"],
    [new Invalid("photo_url", "must be an http(s) URL"), "Avatar address must be an http(s) URL", "photoUrl"],
    [new Conflict('name: group name "abc" is already taken', "name"), 'Handle: group name "abc" is already taken', "name"],
    [new Invalid("content", "must not be empty"), "The post must not be empty.", "content"],
    [
      new Invalid("content", "content[0].insert: is too long", "content[0].insert: is too long"),
      "The post could not be saved (content[0].insert: is too long).",
      "content",
    ],
    [new Conflict("username is already taken", "username"), "username is already taken", "username"],
    [new Invalid("weird_field", "must be odd"), "weird_field: must be odd", "weird_field"],
    [
      new Invalid("polls.1.token.chain_id", "the server has no RPC for chain 5"),
      "Poll 2, token chain id: the server has no RPC for chain 5",
      "polls.1.token.chain_id",
    ],
    [new Invalid("polls", "threads in this category must carry a poll"), "Polls: threads in this category must carry a poll", "polls"],
  ])("%s", (error, message, field) => {
    expect(describeForForm(error)).toEqual({ ok: false, error: message, field });
  });

  it("passes a refusal without a field as it is", () => {
    expect(describeForForm(new Forbidden("Only the owner"))).toEqual({ ok: false, error: "Only the owner" });
    expect(describeForForm(new NotFound("group"))).toEqual({ ok: false, error: "group not found" });
  });
});
