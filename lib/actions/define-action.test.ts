import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("@/lib/log", () => ({ logger: { error: vi.fn() } }));
// Outside a Next.js request there are no request headers or session; the action sees an anonymous client.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/session/session", () => ({ getViewer: async () => null }));

const { defineAction, GENERIC_ERROR, SIGNED_OUT_ERROR } = await import("@/lib/actions/define-action");
const { Forbidden, Invalid } = await import("@/lib/errors");

const input = z.object({ n: z.number().int() });

describe("defineAction", () => {
  it("runs the body with valid input only", async () => {
    const double = defineAction({ name: "double", auth: "optional", input }, async ({ input }) => input.n * 2);
    await expect(double({ n: 2 })).resolves.toEqual({ ok: true, data: 4 });
    await expect(double({ n: 1.5 })).resolves.toMatchObject({ ok: false, error: expect.stringMatching(/out of date/) });
  });

  it("asks a signed-out person to sign in when the action needs a user", async () => {
    const body = vi.fn(async () => 1);
    const action = defineAction({ name: "t", auth: "user", input }, body);
    await expect(action({ n: 1 })).resolves.toEqual({ ok: false, error: SIGNED_OUT_ERROR });
    expect(body).not.toHaveBeenCalled();
  });

  it("passes a domain error's reason and hides anything else", async () => {
    const refuse = defineAction({ name: "t", auth: "optional", input }, async () => Promise.reject(new Forbidden("Only the owner")));
    await expect(refuse({ n: 1 })).resolves.toEqual({ ok: false, error: "Only the owner" });
    const invalid = defineAction({ name: "t", auth: "optional", input }, async () => Promise.reject(new Invalid("title", "must not be empty")));
    await expect(invalid({ n: 1 })).resolves.toEqual({ ok: false, error: "Title must not be empty", field: "title" });
    const crash = defineAction({ name: "t", auth: "optional", input }, async () => Promise.reject(new Error("SELECT * FROM users")));
    await expect(crash({ n: 1 })).resolves.toEqual({ ok: false, error: GENERIC_ERROR });
  });
});
