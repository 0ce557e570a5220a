import "server-only";
import { parseDeltaContent } from "@/lib/delta/parse";
import { Invalid } from "@/lib/errors";

const PREFIX = "content: ";

/** A post body (a delta, or its JSON text) as normalised JSON; anything else is Invalid("content"). */
export function parseContentOrThrow(raw: unknown): string {
  const parsed = parseDeltaContent(raw);
  if (parsed.ok) return parsed.json;
  // The parser names the place inside the delta ("content[2].insert: ...") when it can; keep it.
  const detail = parsed.error.startsWith(PREFIX) ? parsed.error.slice(PREFIX.length) : parsed.error;
  throw new Invalid("content", detail, parsed.error);
}
