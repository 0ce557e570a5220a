"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setGroupArchiveAction } from "@/lib/actions/membership-actions";
import { ARCHIVE_WARNING } from "@/lib/schemas/group-settings-schemas";
import type { GroupView } from "@/lib/views/group-view";

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Archiving on Arweave (contract section 19): its warning is confirmed before it is turned on; refused groups say why. */
export function ArchiveSettingsForm({ group }: { group: Pick<GroupView, "id" | "name" | "archive" | "archiveRefusal"> }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function save(archive: boolean) {
    setStatus(null);
    startTransition(async () => {
      const result = await setGroupArchiveAction({ groupId: group.id, groupName: group.name, archive }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setConfirming(false);
      setStatus({ ok: true, text: archive ? "Archiving is on." : "Archiving is off." });
      router.refresh();
    });
  }

  return (
    <section className="form-card form-stack" aria-labelledby="archive-settings-title">
      <h2 id="archive-settings-title">Archive on Arweave</h2>
      {group.archive ? (
        <>
          <p>Archiving is on: every new post and edit here is stored permanently on Arweave, with a link to its archive on the post.</p>
          <p className="form-hint">While it is on, the group cannot become private, hidden or token-gated.</p>
          <div className="membership__actions">
            <button type="button" className="button button--secondary" disabled={pending} onClick={() => save(false)}>
              {pending ? "Saving…" : "Turn archiving off"}
            </button>
          </div>
        </>
      ) : group.archiveRefusal ? (
        <p className="form-hint" data-testid="archive-refusal">
          Archiving is off. {capitalize(group.archiveRefusal)}. Only public groups without a token gate can be archived.
        </p>
      ) : confirming ? (
        <div role="alertdialog" aria-labelledby="archive-confirm-title" aria-describedby="archive-confirm-warning" className="form-stack">
          <h3 id="archive-confirm-title">Archive every new post?</h3>
          <p id="archive-confirm-warning" className="form-error">
            {ARCHIVE_WARNING}
          </p>
          <div className="membership__actions">
            <button type="button" className="button button--primary" disabled={pending} onClick={() => save(true)}>
              {pending ? "Saving…" : "Yes, archive every new post"}
            </button>
            <button type="button" className="button button--secondary" disabled={pending} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>Archiving is off. When it is on, every new post and edit is stored permanently on Arweave.</p>
          <div className="membership__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
              Turn archiving on…
            </button>
          </div>
        </>
      )}
      <StatusLine status={status} />
    </section>
  );
}
