import { inject } from "vitest";

/** One server-sent event as it came over the wire. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The parsed events so far, in order. */
  events: SseEvent[];
  /** Comment lines so far (": heartbeat"). */
  comments: string[];
  /** The body of a refused answer (JSON envelope), else null. */
  error: unknown;
  /** Resolves once `count` events (of `type`, when given) have arrived; rejects after `timeoutMs`. */
  waitFor: (count: number, type?: string, timeoutMs?: number) => Promise<SseEvent[]>;
  waitForComment: (text: string, timeoutMs?: number) => Promise<void>;
  /** Resolves when the stream ends, however it ends (closed by us, by the server, or cut). */
  ended: Promise<void>;
  close: () => void;
}

/**
 * Opens a stream with a real HTTP request and parses it as it arrives. Resolves once the server
 * answered and (for a 200) sent its first bytes, so the stream is subscribed when this resolves.
 */
export async function openSse(
  path: string,
  options: { token?: string; apiKey?: string | false; headers?: Record<string, string>; baseUrl?: string; onEvent?: (event: SseEvent) => void } = {},
): Promise<SseStream> {
  const url = new URL(path, options.baseUrl ?? inject("baseUrl"));
  const headers: Record<string, string> = { accept: "text/event-stream", ...options.headers };
  const apiKey = options.apiKey === undefined ? inject("apiKey") : options.apiKey;
  if (apiKey) headers.api_key = apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  let markEnded!: () => void;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    error: null,
    ended,
    waitFor: (count, type, timeoutMs = 5000) =>
      waitUntil(
        () => events.filter((e) => !type || e.event === type).length >= count,
        timeoutMs,
        `${count} ${type ?? ""} events (got ${JSON.stringify(events)})`,
      ).then(() => events.filter((e) => !type || e.event === type)),
    waitForComment: (text, timeoutMs = 5000) => waitUntil(() => comments.includes(text), timeoutMs, `comment "${text}"`),
    close: () => abort.abort(),
  };
  function waitUntil(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  if (response.status !== 200 || !response.body) {
    stream.error = await response.json().catch(() => null);
    markEnded();
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const parse = (block: string) => {
    const event: SseEvent = { id: null, event: "message", data: null };
    let data: string | null = null;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      else if (line.startsWith("id: ")) event.id = line.slice(4);
      else if (line.startsWith("event: ")) event.event = line.slice(7);
      else if (line.startsWith("data: ")) data = line.slice(6);
    }
    if (data === null) return;
    const parsed = { ...event, data: JSON.parse(data) as unknown };
    events.push(parsed);
    options.onEvent?.(parsed);
  };
  let first!: () => void;
  const firstBytes = new Promise<void>((resolve) => (first = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        first();
        notify();
      }
    } catch {
      // Closed by us, or cut (the server went away mid-stream).
    }
    first();
    markEnded();
  })();
  await firstBytes;
  return stream;
}
