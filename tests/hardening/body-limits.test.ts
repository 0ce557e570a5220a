import { beforeAll, describe, expect, inject, it } from "vitest";
import { createTestUser } from "../support/fixtures";
import { countRows } from "../support/hardening";

// Contract section 5: a body larger than AGORA_MAX_BODY_BYTES (1 MiB by default) is a 413 41300
// however it is framed, and the refused write changes nothing. A body sent chunked announces no
// Content-Length, so the limit must be counted while it streams in.

const LIMIT = 1_048_576;

function chunkedBody(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function sendChunked(token: string, contentType: string, head: string, fill: string, tail: string) {
  const encoder = new TextEncoder();
  const filler = encoder.encode(fill.repeat(64 * 1024));
  const parts = [encoder.encode(head), ...Array.from({ length: Math.ceil((LIMIT * 2) / filler.length) }, () => filler), encoder.encode(tail)];
  const response = await fetch(new URL("/api/v2/threads/1/posts/create", inject("baseUrl")), {
    method: "POST",
    headers: { "content-type": contentType, api_key: inject("apiKey"), authorization: `Bearer ${token}` },
    body: chunkedBody(parts),
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: unknown } | null };
}

const boundary = "hardening-boundary";
const CASES = [
  ["a chunked JSON body", "application/json", '{"content":"', "a", '"}'],
  ["a chunked form body", "application/x-www-form-urlencoded", "content=", "a", ""],
  ["a chunked multipart body", `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n`, "a", `\r\n--${boundary}--\r\n`],
] as const;

// The key and token are checked before the body is read (a bad one is a 401 at once), so these
// requests carry a real member's token: the body is what must be refused.
describe("the body size limit", () => {
  let token = "";
  beforeAll(async () => {
    token = (await createTestUser()).token;
  });

  it.each(CASES)("refuses %s over the limit with 413", async (_label, type, head, fill, tail) => {
    const before = await countRows();
    const answer = await sendChunked(token, type, head, fill, tail);
    expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: 413, code: "41300" });
    expect(await countRows()).toEqual(before);
  });
});
