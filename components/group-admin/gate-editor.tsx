"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { checkGateAction, setGateAction } from "@/lib/actions/membership-actions";
import { EMPTY_TOKEN_RULE, TokenRuleFields, toWireRule } from "@/components/group-admin/token-rule-fields";
import type { GateRuleView, GroupView } from "@/lib/views/group-view";

type CheckResult = { eligible: boolean; rules: { index: number; met: boolean; balance: string; required: string }[] };

/** The token gate: up to five rules, all or any; "Check my wallet" shows each rule met or not with the balance. */
export function GateEditor({ group }: { group: GroupView }) {
  const router = useRouter();
  const [logic, setLogic] = useState<"all" | "any">(group.gate?.logic ?? "all");
  const [rules, setRules] = useState<GateRuleView[]>(group.gate?.rules ?? []);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [pending, startTransition] = useTransition();
  const update = (index: number, patch: Partial<GateRuleView>) => setRules(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  function save() {
    setStatus(null);
    startTransition(async () => {
      const wire = rules.map(toWireRule);
      const result = await setGateAction({ groupId: group.id, groupName: group.name, logic, rules: wire }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setStatus({ ok: true, text: rules.length === 0 ? "The gate is removed." : "Gate saved." });
      router.refresh();
    });
  }

  function checkWallet() {
    setCheck(null);
    startTransition(async () => {
      const result = await checkGateAction({ groupId: group.id, groupName: group.name }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setCheck(result.data);
    });
  }

  return (
    <section className="form-card form-stack membership__request" aria-labelledby="gate-title">
      <h2 id="gate-title">Token gate</h2>
      <p>With “Who may join” set to token gate, people holding these tokens in one of their wallets join at once; the rest cannot.</p>
      <label htmlFor="gate-logic">Members must meet</label>
      <select id="gate-logic" value={logic} onChange={(event) => setLogic(event.target.value === "any" ? "any" : "all")}>
        <option value="all">all rules</option>
        <option value="any">any rule</option>
      </select>
      {rules.map((rule, index) => (
        <TokenRuleFields key={index} legend={`Rule ${index + 1}`} rule={rule} onChange={(patch) => update(index, patch)}>
          <button type="button" className="button button--secondary" onClick={() => setRules(rules.filter((_, at) => at !== index))}>
            Remove rule
          </button>
        </TokenRuleFields>
      ))}
      <div className="membership__actions">
        {rules.length < 5 ? (
          <button type="button" className="button button--secondary" onClick={() => setRules([...rules, EMPTY_TOKEN_RULE])}>
            Add rule
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={save} disabled={pending}>
          Save gate
        </button>
        {group.gate ? (
          <button type="button" className="button button--secondary" onClick={checkWallet} disabled={pending}>
            Check my wallet
          </button>
        ) : null}
      </div>
      <StatusLine status={status} />
      {check ? (
        <div role="status" data-testid="gate-check">
          <p>{check.eligible ? "Your wallets meet the gate." : "Your wallets do not meet the gate."}</p>
          <ul>
            {check.rules.map((rule) => (
              <li key={rule.index}>
                Rule {rule.index + 1}: {rule.met ? "met" : "not met"} (you hold {rule.balance}, it needs {rule.required})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
