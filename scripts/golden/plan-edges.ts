import type { Method, Recorder, RequestSpec } from "./recorder";

// The error rows of the contract (sections 3 to 5) and the edges of routing: what a client gets
// for a missing key, a bad parameter, an unknown id, a wrong method, a stray slash.

export async function captureErrorRows(rec: Recorder): Promise<void> {
  const rows: [string, RequestSpec][] = [
    ["no key v2", { path: "/api/v2/groups/1", key: "none" }],
    ["no key api", { path: "/api/get_thread/1", query: { group_name: "agora-lounge" }, key: "none" }],
    ["unknown key v2", { path: "/api/v2/groups/1", key: { bad: "agora_not-a-real-key-000000000000000000" } }],
    ["unknown key api", { path: "/api/user/post/list", query: { web3_public_key: "0x1111111111111111111111111111111111111111" }, key: { bad: "nope" } }],
    ["key in query", { path: "/api/v2/groups/2", key: "query" }],
    ["key in body of a GET-or-POST endpoint", { method: "POST", path: "/api/me", key: "body", body: {} }],
    ["group_id not a number", { path: "/api/v2/groups/abc" }],
    ["group_id 0", { path: "/api/v2/groups/0" }],
    ["group_id past int32", { path: "/api/v2/groups/2147483648" }],
    ["group_id negative", { path: "/api/v2/groups/-1/threads" }],
    ["unknown group", { path: "/api/v2/groups/999" }],
    ["unknown group threads", { path: "/api/v2/groups/999/threads" }],
    ["unknown group categories", { path: "/api/v2/groups/999/categories" }],
    ["unknown group members", { path: "/api/v2/groups/999/members" }],
    ["unknown group modlog", { path: "/api/v2/groups/999/modlog" }],
    ["unknown category", { path: "/api/v2/groups/1/categories/999" }],
    ["category of another group", { path: "/api/v2/groups/1/categories/5" }],
    ["per_page 0", { path: "/api/v2/groups/1/threads", query: { per_page: 0 } }],
    ["per_page 101", { path: "/api/v2/groups/1/threads", query: { per_page: 101 } }],
    ["per_page blank", { path: "/api/v2/groups/1/threads", query: { per_page: "" } }],
    ["per_page as text", { path: "/api/v2/groups/1/threads", query: { per_page: "ten" } }],
    ["page 0", { path: "/api/v2/groups/1/threads", query: { page: 0 } }],
    ["page past the end", { path: "/api/v2/groups/1/threads", query: { page: 50 } }],
    ["sort unknown", { path: "/api/v2/groups/1/threads", query: { sort: "hot" } }],
    ["category_id negative", { path: "/api/v2/groups/1/threads", query: { category_id: -3 } }],
    ["get_thread without group_name", { path: "/api/get_thread/1" }],
    ["get_thread blank group_name", { path: "/api/get_thread/1", query: { group_name: "  " } }],
    ["get_thread wrong group", { path: "/api/get_thread/1", query: { group_name: "ethereum-dev" } }],
    ["get_thread unknown group", { path: "/api/get_thread/1", query: { group_name: "no-such-group" } }],
    ["get_thread unknown thread", { path: "/api/get_thread/999", query: { group_name: "agora-lounge" } }],
    ["get_thread sort unknown", { path: "/api/get_thread/1", query: { group_name: "agora-lounge", sort: "top" } }],
    ["get_thread page_size 0", { path: "/api/get_thread/1", query: { group_name: "agora-lounge", page_size: 0 } }],
    ["get_thread start_post_id negative", { path: "/api/get_thread/1", query: { group_name: "agora-lounge", start_post_id: -1 } }],
    ["get_thread start_post_id past the end", { path: "/api/get_thread/1", query: { group_name: "agora-lounge", start_post_id: 100000 } }],
    ["user posts unknown user", { path: "/api/v2/users/999/posts" }],
    ["user posts filter unknown", { path: "/api/v2/users/1/posts", query: { filter: "best" } }],
    ["wallet posts without address", { path: "/api/user/post/list" }],
    ["wallet posts unknown address", { path: "/api/user/post/list", query: { web3_public_key: "0x9999999999999999999999999999999999999999" } }],
    ["search without q", { path: "/api/v2/search" }],
    ["search q too long", { path: "/api/v2/search", query: { q: "x".repeat(201) } }],
    ["search type unknown", { path: "/api/v2/search", query: { q: "agora", type: "users" } }],
    ["search unknown group", { path: "/api/v2/search", query: { q: "agora", group_id: 999 } }],
    ["revisions unknown post", { path: "/api/v2/posts/999999/revisions" }],
    ["upload unknown", { path: "/api/v2/uploads/999999" }],
    ["thread events unknown thread", { path: "/api/v2/threads/999/events" }],
    ["me without token", { path: "/api/me" }],
    ["me with garbage token", { path: "/api/me", authorization: "Bearer not-a-token" }],
    ["me with a forged JWT", { path: "/api/me", authorization: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["notifications without token", { path: "/api/v2/notifications" }],
    ["my uploads without token", { path: "/api/v2/users/me/uploads" }],
    ["reports without token", { path: "/api/v2/groups/1/reports" }],
    ["gate check without token", { path: "/api/v2/groups/1/gate/check" }],
    ["notification stream without token", { path: "/api/v2/notifications/stream" }],
    ["create post without token", { method: "POST", path: "/api/v2/threads/1/posts/create", body: { content: '[{"insert":"hi\\n"}]' } }],
    ["like without token", { method: "POST", path: "/api/v2/posts/1/like" }],
    ["nonce without address", { path: "/api/wallet/nonce" }],
    ["nonce bad wallet type", { path: "/api/wallet/nonce", query: { web3_public_key: "0x1111111111111111111111111111111111111111", wallet_type: 9 } }],
    ["nonce bad address", { path: "/api/wallet/nonce", query: { web3_public_key: "0x12", wallet_type: 5 } }],
    ["login unsigned", { method: "POST", path: "/api/wallet/login", body: { web3_public_key: "0x1111111111111111111111111111111111111111", wallet_type: 5 } }],
    [
      "login web wallet unconfigured",
      { method: "POST", path: "/api/wallet/login", body: { web3_public_key: "x", wallet_type: 4, web3_wallet_auth_code: "abc" } },
    ],
    [
      "register missing username",
      { method: "POST", path: "/api/wallet/register", body: { web3_public_key: "0x1111111111111111111111111111111111111111", wallet_type: 5 } },
    ],
    ["malformed JSON body", { method: "POST", path: "/api/wallet/login", rawBody: "{not json", headers: { "content-type": "application/json" } }],
    [
      "form body",
      {
        method: "POST",
        path: "/api/wallet/login",
        body: { web3_public_key: "0x1111111111111111111111111111111111111111", wallet_type: "5" },
        encoding: "form",
      },
    ],
    ["malformed percent-encoding", { path: "/api/v2/groups/%E0" }],
    ["non-ASCII path", { path: "/api/v2/groups/%C3%A9" }],
  ];
  for (const [name, spec] of rows) await rec.send(`error: ${name}`, spec);
}

export async function captureRoutingEdges(rec: Recorder): Promise<void> {
  const methods: [Method, string][] = [
    ["PUT", "/api/v2/groups/1"],
    ["PATCH", "/api/v2/groups/1"],
    ["DELETE", "/api/v2/groups/1"],
    ["POST", "/api/v2/groups/1"],
    ["GET", "/api/v2/posts/1/like"],
    ["GET", "/api/wallet/login"],
    ["DELETE", "/api/me"],
    ["POST", "/api/health"],
    ["PUT", "/api/v2/nope"],
    ["HEAD", "/api/v2/groups/1"],
    ["HEAD", "/api/health"],
    ["OPTIONS", "/api/v2/groups/1"],
    ["OPTIONS", "/api/me"],
    ["OPTIONS", "/api/v2/posts/1/like"],
    ["OPTIONS", "/api/health"],
    ["OPTIONS", "/api/v2/nope"],
  ];
  for (const [method, path] of methods) await rec.send(`route: ${method} ${path}`, { method, path });
  const preflight = {
    origin: "https://client.example",
    "access-control-request-method": "POST",
    "access-control-request-headers": "api_key, authorization, content-type",
  };
  await rec.send("route: CORS preflight", { method: "OPTIONS", path: "/api/v2/threads/1/posts/create", headers: preflight, key: "none" });
  await rec.send("route: CORS simple GET", { path: "/api/v2/groups/1", headers: { origin: "https://client.example" } });
  const paths: [string, string][] = [
    ["trailing slash v2", "/api/v2/groups/1/"],
    ["trailing slash api", "/api/get_thread/1/?group_name=agora-lounge"],
    ["unknown v2 path", "/api/v2/nope"],
    ["unknown api path", "/api/nope"],
    ["extra segment", "/api/v2/groups/1/threads/extra"],
    ["bare /api", "/api"],
    ["bare /api/v2", "/api/v2"],
    ["double slash", "/api//v2/groups/1"],
    ["upper-case path", "/API/v2/groups/1"],
    ["health", "/api/health"],
    ["openapi document", "/api/openapi.json"],
    ["robots", "/robots.txt"],
    ["manifest", "/manifest.webmanifest"],
    ["sitemap", "/sitemap.xml"],
    ["sitemap file", "/sitemaps/1.xml"],
    ["sitemap unknown file", "/sitemaps/99.xml"],
    ["upload unknown file", "/uploads/999999/nope.png"],
    ["image proxy without url", "/media/proxy"],
    ["live events without params", "/live/events"],
    ["web sign-in providers", "/api/auth/providers"],
    ["web sign-in session (guest)", "/api/auth/session"],
    ["web sign-in CSRF token", "/api/auth/csrf"],
  ];
  for (const [name, path] of paths) await rec.send(`route: ${name}`, { path, key: "header" });
  // The answers a second time: the guest answer cache (lib/api/guest-answers.ts) now holds them.
  await rec.send("guest cache: group-info g1 again", { path: "/api/v2/groups/1" });
  await rec.send("guest cache: threads g1 again", { path: "/api/v2/groups/1/threads" });
  const group = await rec.send("guest cache: get_thread t1 again", { path: "/api/get_thread/1", query: { group_name: "agora-lounge" } });
  const conditional = group.headers.get("etag");
  if (conditional)
    await rec.send("conditional: get_thread t1 If-None-Match", {
      path: "/api/get_thread/1",
      query: { group_name: "agora-lounge" },
      headers: { "if-none-match": conditional },
    });
}

/** The stored pictures the seed uploaded: their bytes, by the addresses the API gives. */
export async function captureUploadedFiles(rec: Recorder): Promise<void> {
  const info = await rec.send("group-info g1 for its pictures", { path: "/api/v2/groups/1", key: "query" });
  const group = (info.json.data?.group ?? {}) as { logo?: string; cover?: string };
  for (const [label, url] of Object.entries({ logo: group.logo, cover: group.cover })) {
    if (!url) continue;
    const path = new URL(url).pathname;
    await rec.send(`file: group 1 ${label}`, { path, key: "none" });
    await rec.send(`file: group 1 ${label} range`, { path, key: "none", headers: { range: "bytes=0-99" } });
  }
}
