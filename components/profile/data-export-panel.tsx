"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormError } from "@/components/forms/form-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { readDataExportAction, requestDataExportAction } from "@/lib/actions/data-export-actions";
import { formatBytes } from "@/lib/format/bytes";
import { formatAbsoluteTime } from "@/lib/format/relative-time";
import type { DataExportView } from "@/lib/views/data-export-view";
import "../forms/forms.css";
import "./profile.css";

export interface DataExportPanelProps {
  initial: DataExportView;
}

const QUERY_KEY = ["data-export"] as const;
/** How often a queued export is asked about again. */
const QUEUED_POLL_MS = 2000;

const when = (iso: string | null) => (iso ? formatAbsoluteTime(new Date(iso)) : "");

/** Request an export, watch it being written, download it while it is kept. */
export function DataExportPanel({ initial }: DataExportPanelProps) {
  const queryClient = useQueryClient();
  const { data: view } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => unwrapAction(() => readDataExportAction({})),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.state === "queued" ? QUEUED_POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: () => unwrapAction(() => requestDataExportAction({})),
    onSuccess: (next) => queryClient.setQueryData(QUERY_KEY, next),
  });
  const requestButton = (label: string, primary: boolean) => (
    <div className="form-actions">
      <button
        type="button"
        className={`button ${primary ? "button--primary" : "button--secondary"}`}
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending ? "Requesting…" : label}
      </button>
    </div>
  );

  return (
    <section id="data-export" className="form-card form-stack" aria-labelledby="data-export-title" data-testid="data-export" data-state={view.state}>
      <h2 id="data-export-title">Download my data</h2>
      <p className="form-hint">
        One .zip file with everything you wrote or saved here: your profile, your posts with their earlier versions and signature proofs, your uploads, likes,
        bookmarks, drafts, badges and tips. Only you can download it, for 7 days.
      </p>
      <div aria-live="polite" className="data-export__status">
        {view.state === "none" && <p>You have not asked for a copy yet.</p>}
        {view.state === "queued" && <p>Your file is being put together. This usually takes a minute; you can leave this page and come back.</p>}
        {view.state === "ready" && view.downloadPath && (
          <p>
            Your file is ready:{" "}
            <a href={view.downloadPath} download data-testid="data-export-download">
              download it{view.size !== null ? ` (${formatBytes(view.size)})` : ""}
            </a>
            . It is kept until {when(view.expiresAt)}, then removed. A new copy replaces it.
          </p>
        )}
        {view.state === "expired" && (
          <p>Your last file was removed on {when(view.expiresAt)}, 7 days after it was made. Ask for a new one whenever you like.</p>
        )}
      </div>
      {request.isError && <FormError>{request.error.message}</FormError>}
      {view.state === "none" && requestButton("Request my data", true)}
      {view.state === "expired" && requestButton("Request a new copy", true)}
      {view.state === "ready" && requestButton("Make a new copy", false)}
    </section>
  );
}
