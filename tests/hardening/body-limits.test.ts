import { beforeAll, describe, expect, inject, it } from "vitest";
import { createTestUser } from "../support/fixtures";
import { countRows } from "../support/hardening";
import { sendChunked } from "../support/raw-http";

// Contract section 5: a body larger than AGORA_MAX_BODY_BYTES (1 MiB by default) is a 413 41300
// however it is framed, and the refused write changes nothing. A body sent chunked announces no
// Content-Length, so the limit must be counted while it streams in. The server answers before the
// body has all arrived, so the requests go out through raw-http's sender, which stops writing
// when the answer comes (fetch reports the closed upload as a network error).

const LIMIT = 1_048_576;
const CHUNK = Buffer.alloc(64 * 1024, "a");

const boundary = "hardening-boundary";
const CASES = [
  ["a chunked JSON body", "application/json", '{"content":"', '"}'],
  ["a chunked form body", "application/x-www-form-urlencoded", "content=", ""],
  [
    "a chunked multipart body",
    `multipart/form-data; boundary=${boundary}`,
    `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n`,
    `\r\n--${boundary}--\r\n`,
  ],
] as const;

// The key and token are checked before the body is read (a bad one is a 401 at once), so these
// requests carry a real member's token: the body is what must be refused.
describe("the body size limit", () => {
  let token = "";
  beforeAll(async () => {
    token = (await createTestUser()).token;
  });

  it.each(CASES)("refuses %s over the limit with 413", async (_label, type, head, tail) => {
    const before = await countRows();
    const answer = await sendChunked(new URL("/api/v2/threads/1/posts/create", inject("baseUrl")).href, {
      headers: { "content-type": type, api_key: inject("apiKey"), authorization: `Bearer ${token}` },
      head,
      chunk: CHUNK,
      chunks: Math.ceil((LIMIT * 2) / CHUNK.length),
      tail,
      // A pause between chunks lets the 413 be read before the next write: a write after the
      // server has closed the connection draws a reset, which can discard the unread answer.
      delayMs: 10,
    });
    expect({ status: answer.status, code: (JSON.parse(answer.body) as { code?: unknown }).code }).toEqual({ status: 413, code: "41300" });
    expect(await countRows()).toEqual(before);
  });
});
