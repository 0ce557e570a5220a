"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { EMPTY_TOKEN_RULE, TokenRuleFields, toWireRule } from "@/components/group-admin/token-rule-fields";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { saveBadgeAction } from "@/lib/actions/badge-actions";
import type { BadgeView } from "@/lib/views/badges-view";
import type { GateRuleView } from "@/lib/views/group-view";
import "@/components/forms/forms.css";

type Kind = BadgeView["kind"];
type Metric = NonNullable<BadgeView["rule"]>["metric"];

const METRICS: { value: Metric; label: string }[] = [
  { value: "posts", label: "Posts written" },
  { value: "threads", label: "Threads started" },
  { value: "likes_received", label: "Likes received" },
  { value: "days_member", label: "Days as a member" },
];

function toRuleView(token: BadgeView["token"]): GateRuleView {
  if (!token) return EMPTY_TOKEN_RULE;
  return { type: token.type, chainId: token.chain_id, contractAddress: token.contract_address, tokenId: token.token_id, minAmount: token.min_amount };
}

/** Create a badge, or edit one (admins): name, description, image and origin URLs, how it is earned, whether it may be a title. */
export function BadgeForm({ group, badge, onDone }: { group: { id: number; name: string }; badge?: BadgeView; onDone?: () => void }) {
  const router = useRouter();
  const [name, setName] = useState(badge?.name ?? "");
  const [description, setDescription] = useState(badge?.description ?? "");
  const [imageUrl, setImageUrl] = useState(badge?.rawImageUrl ?? "");
  const [originUrl, setOriginUrl] = useState(badge?.originUrl ?? "");
  const [kind, setKind] = useState<Kind>(badge?.kind ?? "manual");
  const [metric, setMetric] = useState<Metric>(badge?.rule?.metric ?? "posts");
  const [atLeast, setAtLeast] = useState(String(badge?.rule?.atLeast ?? 10));
  const [token, setToken] = useState<GateRuleView>(toRuleView(badge?.token ?? null));
  const [allowTitle, setAllowTitle] = useState(badge?.allowTitle ?? false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const prefix = badge ? `badge-${badge.id}` : "badge-new";

  function save() {
    setStatus(null);
    startTransition(async () => {
      const result = await saveBadgeAction({
        groupId: group.id,
        groupName: group.name,
        badgeId: badge?.id ?? null,
        name,
        description,
        imageUrl,
        originUrl,
        kind,
        rule: kind === "rule" ? { metric, atLeast: Number(atLeast) || 0 } : null,
        token: kind === "token" ? (toWireRule(token) as never) : null,
        allowTitle,
      }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setStatus({ ok: true, text: badge ? "Badge saved." : `Created “${name.trim()}”.` });
      if (!badge) {
        setName("");
        setDescription("");
        setImageUrl("");
        setOriginUrl("");
      }
      router.refresh();
      onDone?.();
    });
  }

  return (
    <form
      className="form-stack badge-form"
      aria-label={badge ? `Edit ${badge.name}` : "New badge"}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={`${prefix}-name`}>Name</label>
      <input id={`${prefix}-name`} className="form-input" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />
      <label htmlFor={`${prefix}-description`}>Description</label>
      <textarea
        id={`${prefix}-description`}
        className="form-textarea"
        value={description}
        maxLength={300}
        rows={2}
        onChange={(event) => setDescription(event.target.value)}
      />
      <label htmlFor={`${prefix}-image`}>Image URL</label>
      <input
        id={`${prefix}-image`}
        className="form-input"
        type="url"
        placeholder="https://…"
        value={imageUrl}
        onChange={(event) => setImageUrl(event.target.value)}
      />
      <label htmlFor={`${prefix}-origin`}>Link (optional)</label>
      <input
        id={`${prefix}-origin`}
        className="form-input"
        type="url"
        placeholder="https://…"
        value={originUrl}
        onChange={(event) => setOriginUrl(event.target.value)}
      />
      <label htmlFor={`${prefix}-kind`}>Given</label>
      <select id={`${prefix}-kind`} className="form-select" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
        <option value="manual">by moderators</option>
        <option value="rule">for activity in the group</option>
        <option value="token">for holding a token</option>
      </select>
      {kind === "rule" ? (
        <fieldset className="form-stack">
          <legend>Earned for</legend>
          <select aria-label="Activity" className="form-select" value={metric} onChange={(event) => setMetric(event.target.value as Metric)}>
            {METRICS.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
          <input aria-label="At least" className="form-input" inputMode="numeric" value={atLeast} onChange={(event) => setAtLeast(event.target.value)} />
        </fieldset>
      ) : null}
      {kind === "token" ? <TokenRuleFields legend="Token held" rule={token} onChange={(patch) => setToken({ ...token, ...patch })} /> : null}
      <label className="form-check">
        <input type="checkbox" checked={allowTitle} onChange={(event) => setAllowTitle(event.target.checked)} /> Holders may show it as their title
      </label>
      <div className="membership__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {badge ? "Save badge" : "Create badge"}
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}
