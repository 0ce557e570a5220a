import type { NotificationTypeName } from "@/lib/schemas/notification-schemas";

// What a notification says and where it leads: the same words in the bell and in email.

// One event: "bob replied to you"; grouped ones: "3 replies to you, latest by bob".
const ONE: Record<NotificationTypeName, string> = {
  reply: "replied to you",
  post: "posted",
  mention: "mentioned you",
  like: "liked your post",
  membership: "updated your membership",
  quote: "quoted you",
  reminder: "",
  tip: "tipped your post",
  badge: "gave you a badge",
};
const MANY: Record<NotificationTypeName, string> = {
  reply: "replies to you",
  post: "new posts",
  mention: "mentions of you",
  like: "likes of your posts",
  membership: "membership updates",
  quote: "quotes of you",
  reminder: "reminders",
  tip: "tips on your posts",
  badge: "badges",
};

/** The notification in a line; `actorName` "" for one without an actor (a reminder, a badge a rule granted). */
export function summariseNotification(type: NotificationTypeName, count: number, actorName: string): string {
  if (type === "reminder") return "Reminder: a post you bookmarked";
  if (type === "badge" && actorName === "") return "You earned a badge";
  return count > 1 ? `${count} ${MANY[type]}, latest by ${actorName}` : `${actorName} ${ONE[type]}`;
}

/** Where the notification leads, as a site path: the members page, the badge page, or the post. */
export function notificationPath(target: {
  type: NotificationTypeName;
  groupName: string;
  threadId: number | null;
  slug: string;
  postId: number | null;
}): string {
  const group = `/g/${encodeURIComponent(target.groupName)}`;
  if (target.type === "membership" || target.threadId === null) return `${group}/members`;
  if (target.type === "badge") return `${group}/badges`;
  const thread = `${group}/t/${target.threadId}/${encodeURIComponent(target.slug || "thread")}`;
  return target.postId ? `${thread}#post-${target.postId}` : thread;
}
