import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/log", () => ({ logger: { error: vi.fn() } }));
// Outside a Next.js request there are no request headers; the action sees an anonymous client.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/auth/session", () => ({ getViewer: async () => null }));

const { humanizeApiMessage, runAction, GENERIC_ERROR } = await import("@/lib/actions/action-result");
const { ApiError } = await import("@/lib/api/api-error");

describe("humanizeApiMessage", () => {
  it.each([
    ["title: must not be empty", "Title must not be empty"],
    ["photo_url: must be an http(s) URL", "Avatar address must be an http(s) URL"],
    ['name: group name "abc" is already taken', 'Handle: group name "abc" is already taken'],
    ["content: must not be empty", "The post must not be empty."],
    ["username is already taken", "username is already taken"],
    ["weird_field: must be odd", "weird_field: must be odd"],
  ])("%s", (input, expected) => {
    expect(humanizeApiMessage(input)).toBe(expected);
  });
});

describe("runAction", () => {
  it("passes an ApiError's reason and hides anything else", async () => {
    await expect(runAction("t", async () => 1)).resolves.toEqual({ ok: true, data: 1 });
    await expect(runAction("t", async () => Promise.reject(new ApiError(40300, "Only the owner")))).resolves.toEqual({
      ok: false,
      error: "Only the owner",
    });
    await expect(runAction("t", async () => Promise.reject(new Error("SELECT * FROM users")))).resolves.toEqual({
      ok: false,
      error: GENERIC_ERROR,
    });
  });
});
