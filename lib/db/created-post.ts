import "server-only";

/** The author as the create-post response shows them: their post-creation record. */
export interface PostCreator {
  id: number;
  username: string;
  email: string | null;
  photoUrl: string;
  publicKey: string | null;
  likesCount: number;
  postsCount: number;
  /** `users.activate`: the account is active. */
  activated: boolean;
  lastPostAt: Date | null;
  paymentCusId: string;
  /** Their first wallet, if any. */
  wallets: { address: string }[];
}

/** A post as the create-post response shows it, with its author (written by lib/db/post-insert.ts). */
export interface CreatedPostRecord {
  id: number;
  threadId: number;
  groupId: number;
  userId: number;
  parentId: number | null;
  depth: number;
  content: string;
  sign: string | null;
  signMsg: string;
  likesCount: number;
  reportCount: number;
  nsfw: boolean;
  /** Someone may hear of it: its notifications wait for lib/db/post-announcements.ts (not shown). */
  announced: boolean;
  user: PostCreator;
}
