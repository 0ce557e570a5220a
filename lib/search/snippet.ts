// The search snippet between the database and its readers. ts_headline runs over the text as
// agora_search_clean (migration 20261127040000_search) leaves it: the matches are wrapped in
// \x01…\x02, and < > & stand as \x03 \x04 \x05. Pure, so pages and the API share it.

/** A run of snippet text; `match` when it is one of the query's hits. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const SENTINEL_CHARS: Record<string, string> = { "\u0003": "<", "\u0004": ">", "\u0005": "&" };

function restoreText(text: string): string {
  return text.replace(/[\u0003-\u0005]/g, (char) => SENTINEL_CHARS[char] ?? "").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** ts_headline's output as parts, whitespace folded to single spaces, adjacent texts merged. */
export function parseHeadline(raw: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (text === "") return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  const folded = raw.replace(/\s+/g, " ").trim();
  for (const [index, piece] of folded.split("\u0001").entries()) {
    const end = index === 0 ? -1 : piece.indexOf("\u0002");
    if (end === -1) {
      push(restoreText(piece.replace(/\u0002/g, "")), false);
      continue;
    }
    push(restoreText(piece.slice(0, end)), true);
    push(restoreText(piece.slice(end + 1).replace(/\u0002/g, "")), false);
  }
  return parts;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** The wire form: escaped text, with only <mark>…</mark> left as markup. */
export function snippetToMarkedHtml(parts: readonly SnippetPart[]): string {
  return parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join("");
}
