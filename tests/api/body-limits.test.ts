import { beforeAll, describe, expect, inject, it } from "vitest";
import { createTestUser, type TestUser } from "../support/fixtures";
import { sendChunked } from "../support/raw-http";

// The suite's server keeps the default AGORA_MAX_BODY_BYTES (1 MiB); these bodies would be 25 MiB.
const CHUNK = Buffer.alloc(64 * 1024, "a");
const CHUNKS = 400;
const WHOLE = CHUNK.length * CHUNKS;
// A refused body's rest is read and dropped (up to 64 MiB) so the 413 is not overtaken by a reset:
// the client keeps sending until it has read the answer, 13.7 MB once on a busy CI machine. Refusing
// before a 62.5 MiB body has half arrived is what a server that reads bodies whole cannot do.
const OVER_LIMIT_CHUNKS = 1000;
const OVER_LIMIT_WHOLE = CHUNK.length * OVER_LIMIT_CHUNKS;
const url = (path: string) => new URL(path, inject("baseUrl")).href;

describe("request bodies are read as they stream in, after the key is checked", () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createTestUser();
  });

  const signedIn = () => ({ api_key: inject("apiKey"), authorization: `Bearer ${user.token}` });

  it("refuses an over-limit chunked JSON body with 413 / 41300 before it has all arrived", async () => {
    const answer = await sendChunked(url("/api/me"), {
      headers: { ...signedIn(), "content-type": "application/json" },
      head: '{"username":"',
      chunk: CHUNK,
      chunks: OVER_LIMIT_CHUNKS,
      tail: '"}',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: false, code: 41300 });
    expect(answer.finished).toBe(false);
    expect(answer.bytesSent).toBeLessThan(OVER_LIMIT_WHOLE / 2);
  });

  it("refuses an over-limit chunked multipart body the same way (no Content-Length to trust)", async () => {
    const answer = await sendChunked(url("/api/me"), {
      headers: { ...signedIn(), "content-type": "multipart/form-data; boundary=agora-boundary" },
      head: '--agora-boundary\r\nContent-Disposition: form-data; name="username"\r\n\r\n',
      chunk: CHUNK,
      chunks: OVER_LIMIT_CHUNKS,
      tail: "\r\n--agora-boundary--\r\n",
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 41300 });
    expect(answer.finished).toBe(false);
    expect(answer.bytesSent).toBeLessThan(OVER_LIMIT_WHOLE / 2);
  });

  it("answers a bad key with 401 at once, without reading the (slow, endless) body", async () => {
    const started = Date.now();
    const answer = await sendChunked(url("/api/me"), {
      headers: { api_key: "not-a-real-key", authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      head: '{"username":"',
      chunk: CHUNK,
      chunks: CHUNKS,
      delayMs: 20,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 40101 });
    expect(answer.finished).toBe(false);
    expect(answer.bytesSent).toBeLessThan(WHOLE / 10);
    expect(Date.now() - started).toBeLessThan(CHUNKS * 20);
  });

  it("still finds api_key in a chunked body within the limit", async () => {
    const answer = await sendChunked(url("/api/me"), {
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      head: JSON.stringify({ api_key: inject("apiKey") }),
      chunk: Buffer.from(" "),
      chunks: 3,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: true, data: { user: { username: user.username } } });
  });
});
