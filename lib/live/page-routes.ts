import "server-only";
import { getViewer } from "@/lib/auth/session";
import { DomainError, RateLimited, Unauthenticated } from "@/lib/errors";
import { EVENT_STREAM_HEADERS } from "@/lib/http/event-stream-headers";
import { readClientAddress } from "@/lib/http/client-address";
import { rateLimitedHeaders } from "@/lib/rate-limit";
import { openNotificationEvents, openThreadEvents, readLastEventId, type StreamOpening } from "@/lib/services/live";

// The pages' event streams (app/live/**): the same stream core as the API's, for the browser's
// session instead of an API key and token. Pages never read the API's wire format, and
// EventSource cannot send the API's headers. Refusals are short plain-text answers (EventSource
// stops reconnecting on any status but 200).

const STATUS: Record<DomainError["kind"], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

function refuse(error: DomainError): Response {
  const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (error instanceof RateLimited) Object.assign(headers, rateLimitedHeaders(error));
  return new Response(`${error.message}\n`, { status: STATUS[error.kind], headers });
}

async function serve(request: Request, open: (viewer: { id: number } | null, opening: StreamOpening) => Promise<ReadableStream<Uint8Array>>): Promise<Response> {
  try {
    const viewer = await getViewer();
    const param = new URL(request.url).searchParams.get("last_event_id");
    const opening: StreamOpening = {
      lastEventId: readLastEventId(request.headers.get("last-event-id") ?? param, undefined),
      subject: viewer ? `user:${viewer.id}` : `guest:addr:${readClientAddress(request.headers)}`,
      signal: request.signal,
    };
    return new Response(await open(viewer, opening), { headers: EVENT_STREAM_HEADERS });
  } catch (error) {
    if (error instanceof DomainError) return refuse(error);
    throw error;
  }
}

/** GET /live/threads/{threadId}: a thread's events for whoever may read it. */
export async function serveThreadEvents(request: Request, context: { params: Promise<{ threadId: string }> }): Promise<Response> {
  const { threadId } = await context.params;
  const id = /^\d{1,9}$/.test(threadId) ? Number(threadId) : 0;
  return serve(request, (viewer, opening) => openThreadEvents(viewer, id, opening));
}

/** GET /live/notifications: the signed-in person's notification events. */
export async function serveNotificationEvents(request: Request): Promise<Response> {
  return serve(request, async (viewer, opening) => {
    if (!viewer) throw new Unauthenticated("Sign in to follow your notifications");
    return openNotificationEvents(viewer, opening);
  });
}
