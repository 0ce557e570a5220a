// Headers of every event stream (the API's and the pages'): never cached or transformed, and not
// buffered by proxies (nginx honours X-Accel-Buffering), so each event reaches the client as sent.
export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;
