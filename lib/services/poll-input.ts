import "server-only";
import type { PollFields, PollRecord } from "@/lib/db/polls";
import { Invalid } from "@/lib/errors";
import { PollInputFields, type PollInputKey, type PollInputValues } from "@/lib/schemas/poll-schemas";
import { readRpcUrls } from "@/lib/services/chain-balances";

// Reading contract section 18's poll object: every key known, every value valid, and the fields
// agreeing with each other. A wrong one is an Invalid naming it (`poll.options`, `poll.token.type`).

/** The poll object, key by key: unknown keys and bad values are named. */
export function readPollObject(value: unknown, name = "poll"): PollInputValues {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Invalid(name, "must be a JSON object");
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(key in PollInputFields)) throw new Invalid(`${name}.${key}`, "is not a poll field");
    const result = PollInputFields[key as PollInputKey].safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = [name, key, ...(issue?.path ?? []).filter((part) => typeof part === "string")].join(".");
      throw new Invalid(where, issue?.message ?? "is invalid");
    }
    values[key] = result.data;
  }
  return values as PollInputValues;
}

/** A poll's fields and options once every default is applied and the fields agree. */
export interface ResolvedPoll {
  fields: PollFields;
  options: string[];
}

function resolveChoices(type: PollFields["type"], optionCount: number, sent: PollInputValues, name: string, current?: { min: number; max: number }) {
  if (type === "single") return { min: 1, max: 1 };
  if (type === "ranked") return { min: 1, max: optionCount };
  const min = sent.min ?? (current && sent.type === undefined ? current.min : 1);
  const max = sent.max ?? (current && sent.type === undefined && sent.options === undefined ? current.max : optionCount);
  if (max > optionCount) throw new Invalid(`${name}.max`, `must be at most the number of options (${optionCount})`);
  if (min > max) throw new Invalid(`${name}.min`, "must be at most max");
  return { min, max };
}

function checkChoicesSentFor(type: PollFields["type"], sent: PollInputValues, name: string): void {
  if (type === "multiple") return;
  const implied = type === "single" ? 1 : undefined;
  for (const key of ["min", "max"] as const) {
    const value = sent[key];
    if (value === undefined) continue;
    if (key === "min" && value !== 1) throw new Invalid(`${name}.min`, `is for multiple polls only (a ${type} poll's min is 1)`);
    if (key === "max" && implied !== undefined && value !== implied) throw new Invalid(`${name}.max`, "is for multiple polls only (a single poll's max is 1)");
  }
}

function checkToken(fields: PollFields, sent: PollInputValues, name: string): void {
  const needsToken = fields.eligibility === "token" || fields.weighting === "token_balance";
  if (needsToken && !fields.token) throw new Invalid(`${name}.token`, "is required for eligibility token or weighting token_balance");
  if (!needsToken && sent.token) throw new Invalid(`${name}.token`, "is only for eligibility token or weighting token_balance");
  if (fields.token && !readRpcUrls().has(fields.token.chain_id)) {
    throw new Invalid(`${name}.token.chain_id`, `the server has no RPC for chain ${fields.token.chain_id}`);
  }
}

function checkTimes(fields: PollFields, sent: PollInputValues, name: string, now: Date): void {
  if (fields.closesAt === null) return;
  if (fields.opensAt !== null && fields.closesAt.getTime() <= fields.opensAt.getTime()) throw new Invalid(`${name}.closes_at`, "must be after opens_at");
  if (sent.closes_at !== undefined && fields.closesAt.getTime() <= now.getTime()) throw new Invalid(`${name}.closes_at`, "must be in the future");
}

/** A new poll from its input object (defaults: single, always, secret, everyone, per_user, allow_change 1). */
export function resolveNewPoll(value: unknown, name = "poll", now = new Date()): ResolvedPoll {
  const sent = readPollObject(value, name);
  if (sent.options === undefined) throw new Invalid(`${name}.options`, "is required");
  const type = sent.type ?? "single";
  checkChoicesSentFor(type, sent, name);
  const fields: PollFields = {
    title: sent.title ?? "",
    type,
    ...resolveChoices(type, sent.options.length, sent, name),
    results: sent.results ?? "always",
    voters: sent.voters ?? "secret",
    opensAt: sent.opens_at ?? null,
    closesAt: sent.closes_at ?? null,
    eligibility: sent.eligibility ?? "everyone",
    token: sent.token ?? null,
    weighting: sent.weighting ?? "per_user",
    allowChange: sent.allow_change === undefined ? true : sent.allow_change === 1,
  };
  checkTimes(fields, sent, name, now);
  checkToken(fields, sent, name);
  return { fields, options: sent.options };
}

/** What an edit changes: the fields that differ from the poll's (sending a current value is no change). */
export interface PollChanges {
  fields: Partial<PollFields>;
  /** New option texts, when they differ from the current ones. */
  options?: string[];
  /** The frozen fields (options, type, eligibility, token, weighting) this edit changes. */
  frozenChanged: string[];
}

function sameToken(a: PollFields["token"], b: PollFields["token"]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An edit's object against the poll as it is. */
export function resolvePollEdit(poll: PollRecord, value: unknown, now = new Date()): PollChanges {
  const sent = readPollObject(value);
  const options = sent.options ?? poll.options.map((option) => option.text);
  const type = sent.type ?? poll.type;
  checkChoicesSentFor(type, sent, "poll");
  const merged: PollFields = {
    title: sent.title ?? poll.title,
    type,
    ...resolveChoices(type, options.length, sent, "poll", poll),
    results: sent.results ?? poll.results,
    voters: sent.voters ?? poll.voters,
    opensAt: sent.opens_at === undefined ? poll.opensAt : sent.opens_at,
    closesAt: sent.closes_at === undefined ? poll.closesAt : sent.closes_at,
    eligibility: sent.eligibility ?? poll.eligibility,
    token: sent.token === undefined ? poll.token : sent.token,
    weighting: sent.weighting ?? poll.weighting,
    allowChange: sent.allow_change === undefined ? poll.allowChange : sent.allow_change === 1,
  };
  // A token no longer needed goes with the fields that needed it.
  if (sent.token === undefined && merged.eligibility !== "token" && merged.weighting !== "token_balance") merged.token = null;
  const time = (date: Date | null) => date?.getTime() ?? null;
  if (sent.closes_at !== undefined && time(sent.closes_at) === time(poll.closesAt)) delete sent.closes_at;
  checkTimes(merged, sent, "poll", now);
  checkToken(merged, sent, "poll");
  const optionsChanged = JSON.stringify(options) !== JSON.stringify(poll.options.map((option) => option.text));
  const frozenChanged = [
    optionsChanged ? "options" : null,
    merged.type !== poll.type ? "type" : null,
    merged.eligibility !== poll.eligibility ? "eligibility" : null,
    !sameToken(merged.token, poll.token) ? "token" : null,
    merged.weighting !== poll.weighting ? "weighting" : null,
  ].filter((key): key is string => key !== null);
  return { fields: merged, options: optionsChanged ? options : undefined, frozenChanged };
}
