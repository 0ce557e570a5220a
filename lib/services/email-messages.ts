import "server-only";
import sanitizeHtml from "sanitize-html";
import { parseDeltaContent } from "@/lib/delta/parse";
import { escapeHtml, renderDeltaToStoredHtml } from "@/lib/delta/render";
import { getEnv } from "@/lib/env";
import type { OutgoingMail } from "@/lib/services/mail-transport";

// What the emails say: plain text and HTML, every link absolute on AGORA_PUBLIC_URL, and no remote
// image (a mail client would fetch it and tell its host who read the mail): each image becomes a link.

export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, getEnv().AGORA_PUBLIC_URL).href;
}

function siteName(): string {
  return getEnv().AGORA_SITE_NAME;
}

const EMAIL_TAGS = [...sanitizeHtml.defaults.allowedTags, "span", "s", "u", "del", "ins", "sub", "sup", "mark"];

/** The post's stored HTML for an email: images become links, relative links absolute, nothing loads by itself. */
export function toEmailHtml(storedHtml: string): string {
  return sanitizeHtml(storedHtml, {
    allowedTags: EMAIL_TAGS,
    allowedAttributes: { a: ["href"], span: ["style"], ol: ["start"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedStyles: { span: { "background-color": [/^[#a-z0-9(),.\s%]+$/i] } },
    transformTags: {
      img: (_tag, attribs) => ({ tagName: "a", attribs: { href: absoluteUrl(attribs.src || "/") }, text: attribs.alt ? `[image: ${attribs.alt}]` : "[image]" }),
      a: (_tag, attribs): sanitizeHtml.Tag => ({ tagName: "a", attribs: attribs.href ? { href: absoluteUrl(attribs.href) } : {} }),
    },
  });
}

/** The post as plain text: its lines kept, links and images as their absolute addresses. */
export function toEmailText(content: string): string {
  const parsed = parseDeltaContent(content);
  if (!parsed.ok) return content;
  return parsed.delta
    .map((op) => {
      if (typeof op.insert !== "string") return "image" in op.insert ? `[image: ${absoluteUrl(op.insert.image)}]` : op.insert.emoji.unicode;
      const link = typeof op.attributes?.link === "string" ? op.attributes.link : null;
      return link ? `${op.insert} (${absoluteUrl(link)})` : op.insert;
    })
    .join("")
    .trim();
}

/** The post's body for an email, from its stored HTML (or rendered now when none is stored yet). */
export function renderPostForEmail(content: string, storedHtml: string | null): { text: string; html: string } {
  return { text: toEmailText(content), html: toEmailHtml(storedHtml ?? renderDeltaToStoredHtml(content)) };
}

function layout(title: string, bodyHtml: string, footerHtml: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;max-width:640px">
<h2 style="font-size:18px">${escapeHtml(title)}</h2>
${bodyHtml}
<hr><p style="color:#666;font-size:12px">${footerHtml}</p></body></html>`;
}

/** Headers of RFC 8058 one-click unsubscribe (RFC 2369 List-Unsubscribe). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function confirmationMessage(input: { to: string; username: string; link: string }): OutgoingMail {
  const subject = `Confirm your email address for ${siteName()}`;
  const text = `Hello ${input.username},\n\nOpen this link to confirm ${input.to} as your email address on ${siteName()}:\n\n${input.link}\n\nThe link works for 24 hours. If you did not ask for this, ignore this message.\n`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(input.username)},</p><p>Open this link to confirm ${escapeHtml(input.to)} as your email address on ${escapeHtml(siteName())}:</p>
<p><a href="${escapeHtml(input.link)}">Confirm my email address</a></p><p>The link works for 24 hours. If you did not ask for this, ignore this message.</p>`,
    escapeHtml(siteName()),
  );
  return { to: input.to, subject, text, html };
}

export interface MailLine {
  /** "bob replied to you". */
  summary: string;
  subject: string;
  link: string;
  post: { text: string; html: string } | null;
}

export function notificationMessage(to: string, line: MailLine, settingsUrl: string, unsubscribeUrl: string): OutgoingMail {
  const postText = line.post ? `\n\n${line.post.text}\n` : "\n";
  const text = `${line.summary}.${postText}\nRead it on ${siteName()}: ${line.link}\n\n--\nYou get this because of your email settings (${settingsUrl}).\nStop notification emails: ${unsubscribeUrl}\n`;
  const html = layout(
    line.subject,
    `<p>${escapeHtml(line.summary)}.</p>${line.post ? `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${line.post.html}</blockquote>` : ""}
<p><a href="${escapeHtml(line.link)}">Read it on ${escapeHtml(siteName())}</a></p>`,
    `You get this because of your <a href="${escapeHtml(settingsUrl)}">email settings</a>. <a href="${escapeHtml(unsubscribeUrl)}">Stop notification emails</a>.`,
  );
  return { to, subject: line.subject, text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}

export interface DigestLine {
  title: string;
  groupName: string;
  newPosts: number;
  link: string;
}

export function digestMessage(to: string, period: string, lines: readonly DigestLine[], settingsUrl: string, unsubscribeUrl: string): OutgoingMail {
  const subject = `Your ${period} digest from ${siteName()}`;
  const posts = (n: number) => (n === 1 ? "1 new post" : `${n} new posts`);
  const text = `The most active threads in your groups that you have not read:\n\n${lines
    .map((line) => `- ${line.title} (${line.groupName}, ${posts(line.newPosts)})\n  ${line.link}`)
    .join("\n")}\n\n--\nYou get this because of your email settings (${settingsUrl}).\nStop digest emails: ${unsubscribeUrl}\n`;
  const html = layout(
    subject,
    `<p>The most active threads in your groups that you have not read:</p><ul>${lines
      .map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.title)}</a> (${escapeHtml(line.groupName)}, ${posts(line.newPosts)})</li>`)
      .join("")}</ul>`,
    `You get this because of your <a href="${escapeHtml(settingsUrl)}">email settings</a>. <a href="${escapeHtml(unsubscribeUrl)}">Stop digest emails</a>.`,
  );
  return { to, subject, text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
