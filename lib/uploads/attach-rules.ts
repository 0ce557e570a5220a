import type { AttachRules } from "@/lib/auth/permissions";

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
