import "server-only";
import { NotFound } from "@/lib/errors";
import { readClientAddress } from "@/lib/http/client-address";
import { encodeEventStream, EVENT_STREAM_HEADERS } from "@/lib/http/event-stream";
import { openPageEvents, readLastEventId, type StreamOpening } from "@/lib/services/live";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

// The pages' event stream (app/live/events): the same feed as the API's streams, for the browser's
// session instead of an API key and token. Pages never read the API's wire format, and
// EventSource cannot send the API's headers. Refusals are short plain-text answers (EventSource
// stops reconnecting on any status but 200).

const THREAD_ID = /^\d{1,9}$/;

/**
 * GET /live/events?thread=<id>&notifications=1: a page's one stream with the browser session (the
 * thread it shows, the reader's notifications, or both); `last_event_id` where it should resume.
 */
export const servePageEvents = defineWebEntry({ name: "page events", auth: "optional", refusals: textRefusals() }, async ({ request, viewer }) => {
  const query = new URL(request.url).searchParams;
  const thread = query.get("thread");
  if (thread !== null && !THREAD_ID.test(thread)) throw new NotFound("thread");
  const opening: StreamOpening = {
    lastEventId: readLastEventId(request.headers.get("last-event-id") ?? query.get("last_event_id"), undefined),
    subject: viewer ? `user:${viewer.id}` : `guest:addr:${readClientAddress(request.headers)}`,
  };
  const wanted = { threadId: thread === null ? null : Number(thread), notifications: query.get("notifications") === "1" };
  const feed = await openPageEvents(viewer, wanted, opening);
  return new Response(encodeEventStream(feed, request.signal), { headers: EVENT_STREAM_HEADERS });
});
