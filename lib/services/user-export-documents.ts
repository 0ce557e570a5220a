import "server-only";
import type {
  ExportBadgeRecord,
  ExportBookmarkRecord,
  ExportDraftRecord,
  ExportLikeRecord,
  ExportPostRecord,
  ExportRevisionRecord,
  ExportTipRecord,
  ExportUploadRecord,
} from "@/lib/db/user-export-reads";
import type { UserProfile } from "@/lib/db/users";
import { formatApiTimestamp } from "@/lib/schemas/api-timestamp";
import type { PostProofDto } from "@/lib/schemas/post-signature-schemas";

// The JSON documents of a data export's zip (contract section 20; every file and field is in
// docs/api.md, "Exporting your data"). Times are the API's (ISO 8601, microseconds, UTC); a post's
// `proof` is the proof endpoint's document, so agora-verify reads posts.json as it reads a proof.
// No other document may hold an object with `content_hash` or `proof`: agora-verify reads every
// JSON file of the zip and would take it for a proof.

export const EXPORT_FORMAT_VERSION = 1;

const time = (date: Date) => formatApiTimestamp(date);
const timeOrNull = (date: Date | null) => (date ? formatApiTimestamp(date) : null);

/** manifest.json: what the zip is, whose, and when it was made. */
export function toManifestDocument(profile: UserProfile, exportedAt: Date) {
  return {
    format: "agora-export",
    version: EXPORT_FORMAT_VERSION,
    user_id: profile.id,
    username: profile.username,
    exported_at: time(exportedAt),
    documents: ["profile.json", "posts.json", "likes.json", "bookmarks.json", "drafts.json", "badges.json", "tips.json", "uploads.json"],
  };
}

/** profile.json: the account as its owner sees it in settings. */
export function toProfileDocument(profile: UserProfile) {
  return {
    user_id: profile.id,
    username: profile.username,
    email: profile.email ?? "",
    email_confirmed: profile.emailConfirmed ? 1 : 0,
    photo_url: profile.photoUrl,
    cover_image: profile.coverImage ?? "",
    bio: profile.bio ?? "",
    dark_mode: profile.darkMode,
    settings: profile.settings,
    created_at: time(profile.createdAt),
    wallets: profile.wallets.map((wallet) => ({ wallet_type: wallet.type, address: wallet.address, public_key: wallet.publicKey })),
  };
}

/** One element of posts.json: the post as stored now, its earlier versions, and its proof. */
export function toPostDocument(post: ExportPostRecord, revisions: readonly ExportRevisionRecord[], proof: PostProofDto) {
  return {
    post_id: post.id,
    thread_id: post.threadId,
    thread_title: post.threadTitle,
    opens_thread: post.opensThread ? 1 : 0,
    group_id: post.groupId,
    group: post.groupName,
    parent_id: post.parentId ?? 0,
    depth: post.depth,
    content: post.content,
    nsfw: post.nsfw ? 1 : 0,
    deleted_by: post.deletedBy,
    sign: post.sign,
    sign_msg: post.sign === null ? null : post.signMsg,
    signer: post.signerAddress,
    wallet_type: post.signerType,
    archive_id: post.archiveId,
    archive_cid: post.archiveCid,
    likes: post.likesCount,
    tips: post.tipCount,
    created_at: time(post.createdAt),
    edited_at: timeOrNull(post.editedAt),
    revisions: revisions.map((revision) => ({
      revision_id: revision.id,
      editor_id: revision.editorId,
      previous_content: revision.previousContent,
      sign: revision.sign,
      sign_msg: revision.signMsg,
      signer: revision.signerAddress,
      wallet_type: revision.signerType,
      replaced_at: time(revision.createdAt),
    })),
    proof,
  };
}

export function toLikeDocument(like: ExportLikeRecord) {
  return { post_id: like.postId, thread_id: like.threadId, liked_at: time(like.createdAt) };
}

export function toBookmarkDocument(bookmark: ExportBookmarkRecord) {
  return {
    post_id: bookmark.postId,
    thread_id: bookmark.threadId,
    note: bookmark.note,
    remind_at: timeOrNull(bookmark.remindAt),
    created_at: time(bookmark.createdAt),
  };
}

export function toDraftDocument(draft: ExportDraftRecord) {
  return {
    draft_key: draft.draftKey,
    title: draft.title,
    content: draft.content,
    group_id: draft.groupId ?? 0,
    thread_id: draft.threadId ?? 0,
    parent_id: draft.parentId ?? 0,
    category_id: draft.categoryId ?? 0,
    updated_at: time(draft.updatedAt),
  };
}

export function toBadgeDocument(badge: ExportBadgeRecord) {
  return {
    badge_id: badge.badgeId,
    name: badge.name,
    description: badge.description,
    image_url: badge.imageUrl,
    kind: badge.kind,
    group_id: badge.groupId,
    group: badge.groupName,
    granted_at: time(badge.grantedAt),
    reason: badge.reason,
    title: badge.isTitle ? 1 : 0,
  };
}

export function toTipDocument(tip: ExportTipRecord) {
  return {
    tip_id: tip.id,
    direction: tip.direction,
    post_id: tip.postId,
    thread_id: tip.threadId,
    group_id: tip.groupId,
    from_user_id: tip.fromUserId,
    to_user_id: tip.toUserId,
    chain_id: tip.chainId,
    tx_hash: tip.txHash,
    log_index: tip.logIndex,
    token: tip.token,
    symbol: tip.symbol,
    amount: tip.amount,
    block_number: tip.blockNumber.toString(),
    created_at: time(tip.createdAt),
  };
}

/** An upload's path inside the zip. */
export function uploadEntryPath(upload: ExportUploadRecord): string {
  return `uploads/${upload.id}.${upload.ext}`;
}

/** One element of uploads.json; `stored` false when its bytes were missing from storage (then no file). */
export function toUploadDocument(upload: ExportUploadRecord, stored: boolean) {
  return {
    upload_id: upload.id,
    file: stored ? uploadEntryPath(upload) : null,
    name: upload.name,
    mime_type: upload.mimeType,
    size: upload.size,
    sha256: upload.sha256,
    purpose: upload.purpose,
    post_id: upload.postId ?? 0,
    group_id: upload.groupId,
    width: upload.width,
    height: upload.height,
    created_at: time(upload.createdAt),
  };
}
