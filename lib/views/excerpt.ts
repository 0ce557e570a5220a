import "server-only";
import { deltaToPlainText, parseDeltaContent } from "@/lib/delta/parse";

/**
 * Plain text of a post for list rows and meta descriptions. Opening posts often repeat the
 * thread title as a heading; `title` drops that echo so the excerpt starts with new words.
 */
export function excerptFromContent(content: string, maxLength: number, title?: string): string {
  const parsed = parseDeltaContent(content);
  if (!parsed.ok) return "";
  let text = deltaToPlainText(parsed.delta);
  if (title && text.toLowerCase().startsWith(title.trim().toLowerCase())) text = text.slice(title.trim().length).trimStart();
  const chars = Array.from(text);
  return chars.length <= maxLength
    ? text
    : `${chars
        .slice(0, maxLength - 1)
        .join("")
        .trimEnd()}…`;
}
