import { openSse, type SseEvent, type SseStream } from "./sse-client";

// An event stream client that behaves as a browser's EventSource does when its stream drops: it
// reconnects (after `retryMs`, until a server answers 200) and sends the id of the last event it
// received as Last-Event-ID, so the server replays what it missed. The fault tests follow a thread
// through an instance's death or an outage with it and count what arrived.

/** One event as the follower received it: on which connection (0 = the first) and when. */
export interface FollowedEvent extends SseEvent {
  connection: number;
  at: number;
}

export interface EventFollower {
  /** Every event of every connection, in arrival order. */
  events: FollowedEvent[];
  /** The instance (X-Agora-Instance) that answered each connection, the first one first. */
  instances: string[];
  /** When each connection's request was sent (Date.now()), the first one first. */
  connectedAt: number[];
  /** Reconnection attempts that failed (network error or an answer other than 200). */
  failedAttempts: number;
  /** Resolves once every post id in `postIds` arrived as a `post` event; rejects after `timeoutMs`. */
  waitForPosts: (postIds: readonly number[], timeoutMs: number) => Promise<void>;
  close: () => void;
}

export interface FollowOptions {
  /** Where the first connection goes (one instance, or the balancer). */
  firstUrl: string;
  /** Where reconnections go (the balancer). */
  reconnectUrl: string;
  apiKey: string;
  token?: string;
  retryMs?: number;
}

/** The post ids of a follower's `post` events. */
export function postIdsOf(events: readonly SseEvent[]): number[] {
  return events.filter((event) => event.event === "post").map((event) => (event.data as { post_id: number }).post_id);
}

/** Opens `path` and follows it across drops; resolves once the first connection answered 200. */
export async function followEvents(path: string, options: FollowOptions): Promise<EventFollower> {
  const retryMs = options.retryMs ?? 500;
  const events: FollowedEvent[] = [];
  let lastId: string | null = null;
  let closed = false;
  let current: SseStream | null = null;
  const follower: EventFollower = {
    events,
    instances: [],
    connectedAt: [],
    failedAttempts: 0,
    waitForPosts: async (postIds, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = new Set(postIdsOf(events));
        const missing = postIds.filter((id) => !seen.has(id));
        if (missing.length === 0) return;
        if (Date.now() > deadline) throw new Error(`posts never arrived as events: ${missing.join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => {
      closed = true;
      current?.close();
    },
  };

  const connect = async (baseUrl: string): Promise<SseStream> => {
    const connection = follower.instances.length;
    const sentAt = Date.now();
    const stream = await openSse(path, {
      baseUrl,
      apiKey: options.apiKey,
      token: options.token,
      headers: lastId === null ? {} : { "last-event-id": lastId },
      onEvent: (event) => {
        events.push({ ...event, connection, at: Date.now() });
        if (event.id !== null) lastId = event.id;
      },
    });
    if (stream.status !== 200) throw new Error(`event stream answered ${stream.status}: ${JSON.stringify(stream.error)}`);
    follower.instances.push(stream.headers.get("x-agora-instance") ?? "none");
    follower.connectedAt.push(sentAt);
    return stream;
  };

  current = await connect(options.firstUrl);
  void (async () => {
    while (!closed) {
      await current!.ended;
      if (closed) return;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        if (closed) return;
        try {
          current = await connect(options.reconnectUrl);
          break;
        } catch {
          follower.failedAttempts += 1;
        }
      }
    }
  })();
  return follower;
}
