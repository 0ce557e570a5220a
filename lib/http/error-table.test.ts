import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/api/error-codes";
import { Conflict, Forbidden, Invalid, NotFound, RateLimited, SignInRequired, Unauthenticated, Unavailable } from "@/lib/errors";
import { DOMAIN_ERROR_ANSWERS, HTTP_ERROR_CODES, readRefusalStatus } from "@/lib/http/error-table";
import { HttpError } from "@/lib/http/http-error";

describe("the error table", () => {
  it("gives each domain error kind its status, and a code of the contract answered with that same status (but 503, which the contract lacks)", () => {
    for (const [kind, { status, code }] of Object.entries(DOMAIN_ERROR_ANSWERS)) {
      expect(ERROR_CODES[code], kind).toBeDefined();
      expect(ERROR_CODES[code].status, kind).toBe(status === 503 ? 500 : status);
    }
  });

  it("answers every domain error with its kind's status, an HttpError with its own, and nothing else", () => {
    const cases: [unknown, number | null][] = [
      [new Invalid("x", "bad"), 400],
      [new Unauthenticated("no"), 401],
      [new SignInRequired(), 401],
      [new Forbidden(), 403],
      [new NotFound("thread"), 404],
      [new Conflict("taken"), 409],
      [new RateLimited(5), 429],
      [new Unavailable("down"), 503],
      [new HttpError(416, "Range not satisfiable"), 416],
      [new Error("a bug"), null],
      ["not even an error", null],
    ];
    for (const [error, status] of cases) expect(readRefusalStatus(error)).toBe(status);
  });

  it("names a contract code for each HttpError an API request can meet", () => {
    for (const [status, code] of Object.entries(HTTP_ERROR_CODES)) expect(ERROR_CODES[code].status).toBe(Number(status));
  });
});
