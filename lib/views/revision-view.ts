import "server-only";
import { deltaToPlainText, parseDeltaContent } from "@/lib/delta/parse";
import type { RevisionList } from "@/lib/services/post-moderation";

/** One version of a post as the history dialog compares it: plain text, so the diff reads as words. */
export interface RevisionView {
  id: number;
  editor: string;
  /** ISO 8601: when this version was replaced. */
  replacedAt: string;
  text: string;
}

export interface RevisionHistoryView {
  /** The post as it reads now. */
  currentText: string;
  /** Earlier versions, newest first. */
  revisions: RevisionView[];
  total: number;
}

function plainText(content: string): string {
  const parsed = parseDeltaContent(content);
  return parsed.ok ? deltaToPlainText(parsed.delta) : "";
}

export function toRevisionHistoryView(list: RevisionList): RevisionHistoryView {
  return {
    currentText: plainText(list.currentContent),
    revisions: list.revisions.map((revision) => ({
      id: revision.id,
      editor: revision.user.username,
      replacedAt: revision.createdAt.toISOString(),
      text: list.contentVisible ? plainText(revision.previousContent) : "",
    })),
    total: list.count,
  };
}
