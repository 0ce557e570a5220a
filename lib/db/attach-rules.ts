import { flagCode } from "@/lib/db/records/codes";

// A group's upload rules (contract section 15), stored as the reference's `attached_files` JSON.

/** A group's upload rules, read with the reference's defaults. */
export interface AttachRules {
  /** Every member uploads; otherwise moderators only. */
  allowEveryone: boolean;
  /** Attachments on posts. */
  allowPost: boolean;
  /** Files other than images. */
  allowAllFileTypes: boolean;
}

function readFlag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === "") return fallback;
  return String(value) === "1";
}

/** A group's stored `attached_files` JSON as rules; missing keys take the reference's defaults (1, 1, "0"). */
export function readAttachRules(stored: unknown): AttachRules {
  const files = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    allowEveryone: readFlag(files.allow_everyone, true),
    allowPost: readFlag(files.allow_post, true),
    allowAllFileTypes: readFlag(files.allow_all_file_type, false),
  };
}

/** The `attached_files` JSON for rules, as the reference stores it (two ints and a digit string). */
export function attachRulesJson(rules: AttachRules): { allow_everyone: 0 | 1; allow_post: 0 | 1; allow_all_file_type: "0" | "1" } {
  return {
    allow_everyone: flagCode(rules.allowEveryone),
    allow_post: flagCode(rules.allowPost),
    allow_all_file_type: rules.allowAllFileTypes ? "1" : "0",
  };
}
