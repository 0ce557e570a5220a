// The benchmark's "floor": a route handler that does no work but answer a constant body about
// the size of a get-thread answer (~6.7 KB), so its req/s is the framework's own cost per
// request on this machine. It exists only in the bench build (AGORA_BENCH_BUILD=1 adds the
// `bench.ts` page extension in next.config.mjs); the normal build does not see this file.

// Rendered per request like every API call: a prerendered static answer would measure the
// static file server instead of a route handler.
export const dynamic = "force-dynamic";

const posts = Array.from({ length: 10 }, (_, index) => ({
  id: 1000 + index,
  user_id: 7,
  parent_id: -1,
  content: JSON.stringify([{ insert: `Floor post ${index}: a constant body of the size of one page of a thread.\n` }]),
  created_at: "2026-01-01T00:00:00.000Z",
  total_likes: 0,
  children: [],
  user: { id: 7, username: "floor", photo_url: "", is_nft: 0 },
  padding: "x".repeat(380),
}));
const BODY = JSON.stringify({ code: 0, data: { thread: { id: 1, title: "Floor", posts } } });

export function GET(): Response {
  return new Response(BODY, { headers: { "content-type": "application/json; charset=utf-8" } });
}
