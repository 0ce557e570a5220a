import "server-only";

// The OpenAPI document's prose: what each tag groups, and what each response header means.

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Threads: "Threads: read one, list a group's or a category's, start one.",
  Posts: "Posts: write, reply, like.",
  Groups: "Groups (communities): read one, create one.",
  Categories: "A group's categories.",
  Badges: "A group's badges and titles (contract section 19): defined by its admins, granted by moderators, rules and token holdings.",
  Tags: "A group's tags (contract section 18): its vocabulary for threads, kept by its admins.",
  Users: "The signed-in user's account and profile.",
  "User posts": "What a user or a wallet has written.",
  Wallet: "Wallet sign-in: nonce, login, register, purse register, logout.",
  Notifications: "Following threads and the signed-in user's notifications (contract section 13).",
  Live: "Live updates as server-sent events (text/event-stream): `id:` is the event's id, `event:` its type, `data:` JSON; reconnect with Last-Event-ID to get what was missed. Comment lines (`: heartbeat`) keep idle streams open.",
  Search: "Full-text search over live posts and threads.",
  Bookmarks: "The signed-in user's saved posts, their notes and reminders (contract section 17).",
  Uploads: "Images and files for posts, avatars and group art (contract section 15); served at /uploads/...",
  Membership: "Membership of contract section 14: join, leave, members, requests, invitations, group settings and token gates.",
  Feeds:
    "Feeds and read state of contract section 17: latest, new, unread, top and hot threads across the groups you may read; dismiss; mute groups and threads.",
  "Site administration": "Site admins (contract section 20): suspending accounts and keeping groups out of recommendations.",
  Moderation: "Community actions of contract section 12: edits, deletion, pinning, locking, reports, bans, roles and the modlog.",
};

export const RESPONSE_HEADERS = {
  RequestId: {
    description: "This request's id (the client's own X-Request-Id when it sent a sane one); it is in the server's log line too.",
    schema: { type: "string" },
  },
  RateLimitLimit: { description: "Requests per minute this API key and client address may make.", schema: { type: "integer" } },
  RateLimitRemaining: { description: "Requests left in the current window.", schema: { type: "integer" } },
  RateLimitReset: { description: "Seconds until the budget is full again.", schema: { type: "integer" } },
  RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  ETag: { description: "A validator for If-None-Match: the same answer again is a 304.", schema: { type: "string" } },
  Link: { description: 'Neighbour pages of a listing: rel="next" while a page came back full, rel="prev" after page 1.', schema: { type: "string" } },
};

/** The headers every answer carries, by reference to the components above. */
export const COMMON_HEADERS = { "X-Request-Id": { $ref: "#/components/headers/RequestId" } };

/** The rate-limit headers of an answer that spent a budget. */
export const BUDGET_HEADERS = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
};
