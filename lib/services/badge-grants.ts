import "server-only";
import { grantDaysMemberBadges } from "@/lib/db/badge-holders";

/** The daily grant of `days_member` badges (contract section 19): how many were granted. */
export function grantMemberDaysBadges(): Promise<number> {
  return grantDaysMemberBadges();
}
