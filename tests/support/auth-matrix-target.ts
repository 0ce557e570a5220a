import type { Cast } from "./community-helpers";
import type { Encoding } from "./hardening";
import type { LinkBody } from "./linked-wallet-helpers";

// The authorization matrix's target (tests/hardening/auth-matrix.test.ts): the rows every write is
// aimed at, and the shape of one write's case.

export interface Target {
  cast: Cast;
  threadId: number;
  firstPostId: number;
  postId: number;
  deletedPostId: number;
  reportId: number;
  /** An upload of the author's in the group, and a PNG to upload. */
  uploadId: number;
  png: Blob;
  /** A category and a tag of the group (contract sections 17 and 18's writes of them). */
  categoryId: number;
  tagId: number;
  pollId: number; // a poll on the thread (contract section 18)
  badgeId: number; // a title-able manual badge the author holds (contract section 19)
  linkProof: LinkBody; // a fresh wallet's signed link message (contract section 19)
}

export interface WriteCase {
  request: (target: Target) => { path: string; body: Record<string, unknown>; encoding?: Encoding };
  /**
   * A real token of `banned` (a plain user banned in the group, no role): 403 where the contract
   * gives the action to others only; "own" where any user may do it on their own behalf, and
   * then nothing of anyone else's may change; 400 where the request names someone else's account
   * (deleting an account confirms with its own username), refused whole.
   */
  anotherUser: 403 | 400 | "own";
}

export const inGroup = (t: Target, rest: string, body: Record<string, unknown>) => ({ path: `/api/v2/groups/${t.cast.group.id}/${rest}`, body });
