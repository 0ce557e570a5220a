import { describe, expect, it } from "vitest";
import { encodeEventStream, type StreamFeed, type StreamSink } from "@/lib/http/event-stream";

// A feed the test drives by hand: the encoder's side of the contract (bytes, ending, stopping).
function manualFeed(): { feed: StreamFeed; sink: () => StreamSink; stops: () => number } {
  let current: StreamSink | null = null;
  let stops = 0;
  return {
    feed: {
      start: (sink) => {
        current = sink;
        return () => void stops++;
      },
    },
    sink: () => current!,
    stops: () => stops,
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("encodeEventStream", () => {
  it("opens with the retry hint, writes each event as id, event and JSON data, and ends with its feed", async () => {
    const { feed, sink, stops } = manualFeed();
    const stream = encodeEventStream(feed, new AbortController().signal);
    sink().deliver({ id: 7, type: "post", data: { post_id: 3, parent_id: null } });
    sink().deliver({ id: 8, type: "like", data: { post_id: 3, total_likes: 2 } });
    sink().end();
    expect(await readAll(stream)).toBe(
      'retry: 3000\n: connected\n\nid: 7\nevent: post\ndata: {"post_id":3,"parent_id":null}\n\nid: 8\nevent: like\ndata: {"post_id":3,"total_likes":2}\n\n',
    );
    expect(stops()).toBe(1);
  });

  it("stops the feed once when the client goes away, and sends nothing after", async () => {
    const { feed, sink, stops } = manualFeed();
    const abort = new AbortController();
    const stream = encodeEventStream(feed, abort.signal);
    abort.abort();
    sink().deliver({ id: 9, type: "post", data: {} });
    sink().end();
    expect(await readAll(stream)).toBe("retry: 3000\n: connected\n\n");
    expect(stops()).toBe(1);
  });

  it("stops the feed when the reader cancels the body", async () => {
    const { feed, stops } = manualFeed();
    await encodeEventStream(feed, new AbortController().signal).cancel();
    expect(stops()).toBe(1);
  });

  it("stops a feed whose client had already gone before it opened", async () => {
    const { feed, stops } = manualFeed();
    const stream = encodeEventStream(feed, AbortSignal.abort());
    expect(stops()).toBe(1);
    expect(await readAll(stream)).toBe("retry: 3000\n: connected\n\n");
  });

  it("drops a client that reads nothing while a thousand messages wait", async () => {
    const { feed, sink, stops } = manualFeed();
    const stream = encodeEventStream(feed, new AbortController().signal);
    for (let id = 1; id <= 1100; id++) sink().deliver({ id, type: "post", data: {} });
    expect(stops()).toBe(1);
    const text = await readAll(stream);
    expect(text.split("\nevent: post\n").length - 1).toBeLessThan(1010);
  });
});
