import "server-only";
import unhomoglyph from "unhomoglyph";

/**
 * The confusable skeleton of a username (Unicode TR39 section 4, with the confusables table
 * `unhomoglyph` ships): two names that look alike ("аlice" with a Cyrillic а, "AIice" with a
 * capital I, "rnodern") share it, so it is stored with a unique index. Case is folded between
 * two passes so look-alikes across case ("AIice", "Alice") meet too; names equal but for case
 * are also caught by username_key (contract section 7). Runs of spaces count as one. Never shown.
 */
export function usernameSkeleton(username: string): string {
  const once = skeleton(username.normalize("NFKC").trim());
  return skeleton(once.toLowerCase()).replace(/\s+/gu, " ");
}

function skeleton(value: string): string {
  return unhomoglyph(value.normalize("NFD")).normalize("NFD");
}
