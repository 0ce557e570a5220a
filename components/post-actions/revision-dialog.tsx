"use client";

import { useQuery } from "@tanstack/react-query";
import { diffWords } from "diff";
import { QueryProvider } from "@/components/providers/query-provider";
import { RelativeTime } from "@/components/ui/relative-time";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadRevisionsAction } from "@/lib/actions/post-moderation-actions";
import type { RevisionHistoryView } from "@/lib/views/revision-view";
import "./post-actions.css";

/** What one edit changed: removed words struck through, added words marked. */
function ChangeText({ before, after }: { before: string; after: string }) {
  return (
    <p className="revision__diff">
      {diffWords(before, after).map((part, index) =>
        part.added ? <ins key={index}>{part.value}</ins> : part.removed ? <del key={index}>{part.value}</del> : <span key={index}>{part.value}</span>,
      )}
    </p>
  );
}

function History({ history }: { history: RevisionHistoryView }) {
  if (history.revisions.length === 0) return <p>This post has not been edited.</p>;
  // Revisions come newest first; each was replaced by the one before it in the list (or the current text).
  return (
    <ol className="revision-list">
      {history.revisions.map((revision, index) => {
        const after = index === 0 ? history.currentText : history.revisions[index - 1]!.text;
        return (
          <li key={revision.id} className="revision" data-testid="revision">
            <p className="revision__meta">
              Edited by <strong>{revision.editor}</strong> <RelativeTime value={revision.replacedAt} />
            </p>
            <ChangeText before={revision.text} after={after} />
          </li>
        );
      })}
      {history.total > history.revisions.length ? <li className="revision__more">and {history.total - history.revisions.length} earlier edits</li> : null}
    </ol>
  );
}

interface RevisionDialogProps {
  postId: number;
  onClose: () => void;
}

function RevisionDialogContent({ postId, onClose }: RevisionDialogProps) {
  const query = useQuery({ queryKey: ["revisions", postId], queryFn: () => unwrapAction(() => loadRevisionsAction({ postId })) });
  return (
    <ModalDialog title="Edit history" onClose={onClose} wide>
      {query.isPending ? (
        <p role="status">Loading the history…</p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : (
        <History history={query.data} />
      )}
    </ModalDialog>
  );
}

/** The post's edits, newest first, each shown as what it changed. Loaded on first use, with its own query client. */
export function RevisionDialog(props: RevisionDialogProps) {
  return (
    <QueryProvider>
      <RevisionDialogContent {...props} />
    </QueryProvider>
  );
}
