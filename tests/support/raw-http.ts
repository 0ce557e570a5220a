import http from "node:http";

export interface ChunkedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes written before the answer arrived (the sender stops writing then). */
  bytesSent: number;
  /** Whether every chunk was sent before the answer arrived. */
  finished: boolean;
}

export interface ChunkedRequest {
  method?: "POST" | "GET";
  headers: Record<string, string>;
  /** Sent first (e.g. the start of a JSON object or a multipart part). */
  head?: string;
  /** The chunk repeated `chunks` times after the head. */
  chunk: Buffer;
  chunks: number;
  /** Sent last, when every chunk went out. */
  tail?: string;
  /** Pause between chunks, to let the server answer early. */
  delayMs?: number;
}

/**
 * A request whose body goes out with Transfer-Encoding: chunked (no Content-Length), one chunk
 * at a time, stopping as soon as the server answers: how a server that reads bodies whole before
 * refusing them differs from one that counts bytes as they stream in.
 */
export function sendChunked(url: string, request: ChunkedRequest): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    let finished = false;
    // A connection of its own (agent: false), never reused. It still asks for keep-alive, as browsers
    // do: with "Connection: close" (agent: false's default) Node closes the socket right after an early
    // answer while the body is still arriving, and the reset that follows can overtake the answer.
    const headers = { connection: "keep-alive", ...request.headers, "transfer-encoding": "chunked" };
    const req = http.request(url, { method: request.method ?? "POST", agent: false, headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (text: string) => (body += text));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytesSent, finished });
        req.destroy();
      });
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = (data: string | Buffer) =>
      new Promise<void>((done) => {
        bytesSent += Buffer.byteLength(data);
        if (req.write(data)) done();
        else req.once("drain", done);
      });
    void (async () => {
      if (request.head) await write(request.head);
      for (let i = 0; i < request.chunks && !answered && !req.destroyed; i++) {
        await write(request.chunk);
        if (request.delayMs) await new Promise((wait) => setTimeout(wait, request.delayMs));
      }
      if (answered || req.destroyed) return;
      if (request.tail) await write(request.tail);
      finished = true;
      req.end();
    })().catch((error: unknown) => {
      if (!answered) reject(error as Error);
    });
  });
}

/** A GET sent from a local address of our choosing (any of 127.0.0.0/8 on Linux): another client, as the server's socket sees it. */
export function getFrom(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (text: string) => (body += text));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}
