import "server-only";
import { toTipTokenView, type TipTokenView } from "@/lib/views/tip-view";
import {
  canAttachFiles,
  canManageGroup,
  canModerate,
  canReadGroup,
  isMember,
  listGroupManagers,
  type AttachRules,
  type GroupRole,
} from "@/lib/auth/permissions";
import type { CategoryRow } from "@/lib/db/categories";
import type { GroupCard } from "@/lib/db/groups";
import { isFeatureOnIn } from "@/lib/db/group-features";
import { SWITCHABLE_FEATURES, type SwitchableFeature } from "@/lib/schemas/group-feature-schemas";
import type { GroupJoining, GroupVisibility } from "@/lib/db/records/codes";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { GroupRecord } from "@/lib/services/groups";
import { isArchivingConfigured, whyNotArchivable } from "@/lib/services/archive-config";
import { toTagView, type TagView } from "@/lib/views/tag-view";

export type { GroupJoining, GroupVisibility };

/** The top of every group page and what its write pages need to know. */
export interface GroupView {
  id: number;
  name: string;
  title: string;
  description: string;
  /** As entered (the settings form edits them). */
  cover: string;
  logo: string;
  /** What the page loads (through /media/proxy), or "". */
  coverSrc: string;
  logoSrc: string;
  members: number;
  onlineMembers: number;
  /** Categories whose new threads must carry a poll (contract section 18's poll_category). */
  pollCategoryIds: number[];
  /** Contract section 20: which of the switchable features are on. */
  features: Record<SwitchableFeature, boolean>;
  /** Who may open the settings: the Settings link is shown to them in the browser. */
  managerIds: number[];
  /** Whether the viewer of this request may change the group. */
  viewerCanManage: boolean;
  /** Whether the viewer of this request is one of its moderators (the Moderation link, the moderation page). */
  viewerIsModerator: boolean;
  /** Contract section 14: who may join and who may read. */
  joining: GroupJoining;
  visibility: GroupVisibility;
  openReadonly: boolean;
  /** Whether the viewer may read its threads (else the page shows the join panel). */
  viewerCanRead: boolean;
  /** The viewer's standing: signed out, outside, waiting for approval, a member, or its owner (who cannot leave). */
  membership: "guest" | "none" | "pending" | "member" | "owner";
  viewerBanned: boolean;
  /** The signed-in viewer muted the group (contract section 17). */
  viewerMuted: boolean;
  /** Pending requests, for moderators (the members page's queue count). */
  pendingCount: number;
  /** The group's attachment rules, as the settings form edits them. */
  attachedFiles: AttachRules;
  /** Whether the viewer may attach other files than images to posts here (the composer's "Attach a file"). */
  viewerCanAttachFiles: boolean;
  /** The token gate as the settings editor edits it. */
  gate: { logic: "all" | "any"; rules: GateRuleView[] } | null;
  /** Its tags in the admins' order (contract section 18); none for a viewer who may not read it. */
  tags: TagView[];
  /** Contract section 19: every new post and revision is archived. */
  archive: boolean;
  /** Why archiving cannot be turned on here (a private, hidden or gated group; no gateway on this site), or null. */
  archiveRefusal: string | null;
  /** Contract section 19: the tokens it takes tips in, as the settings section edits them. */
  tipTokens: TipTokenView[];
  /** Tipping is offered: it lists tip tokens and its `rewards` feature is on. */
  tipsOn: boolean;
}

export interface GateRuleView {
  type: "erc20" | "erc721" | "erc1155" | "native";
  chainId: number;
  contractAddress: string;
  tokenId: string;
  minAmount: string;
}

export interface CategoryView {
  id: number;
  name: string;
  /** null at the top level. */
  parentId: number | null;
}

/** A community on the home page. */
export interface GroupCardView {
  id: number;
  name: string;
  title: string;
  description: string;
  /** What the page loads (through /media/proxy), or "". */
  logo: string;
  members: number;
  threads: number;
  lastActivityAt: Date;
  /** A hidden group is shown to its members only. */
  visibility: GroupVisibility;
}

function featureSwitches(features: GroupRecord["group"]["features"]): Record<SwitchableFeature, boolean> {
  return Object.fromEntries(SWITCHABLE_FEATURES.map((name) => [name, isFeatureOnIn(features, name)])) as Record<SwitchableFeature, boolean>;
}

function membershipOf(role: GroupRole): GroupView["membership"] {
  if (role.userId === null) return "guest";
  if (role.adminRole === "owner") return "owner";
  if (isMember(role)) return "member";
  return role.pending ? "pending" : "none";
}

function archiveRefusalOf(group: GroupRecord["group"]): string | null {
  if (!isArchivingConfigured()) return "this site has no archive gateway configured";
  return whyNotArchivable({ joining: group.joining, visibility: group.visibility, hasGate: group.gate !== null });
}

export function toGroupView({ group, onlineMembers, role, pending, viewerMuted, tags }: GroupRecord): GroupView {
  const { gate } = group;
  return {
    id: group.id,
    name: group.name,
    title: group.title,
    description: group.description,
    cover: group.cover,
    logo: group.logo,
    coverSrc: proxyImageUrl(group.cover),
    logoSrc: proxyImageUrl(group.logo),
    members: group.membersCount,
    onlineMembers,
    pollCategoryIds: group.pollCategoryIds,
    features: featureSwitches(group.features),
    managerIds: listGroupManagers(group),
    viewerCanManage: canManageGroup(role),
    viewerIsModerator: canModerate(role),
    joining: group.joining,
    visibility: group.visibility,
    openReadonly: group.openReadonly,
    viewerCanRead: canReadGroup(role),
    membership: membershipOf(role),
    viewerBanned: role.banned,
    viewerMuted,
    pendingCount: pending.length,
    attachedFiles: group.attachRules,
    viewerCanAttachFiles: canAttachFiles(role, group.attachRules),
    gate: gate
      ? {
          logic: gate.logic,
          rules: gate.rules.map((rule) => ({
            type: rule.type,
            chainId: rule.chain_id,
            contractAddress: rule.contract_address,
            tokenId: rule.token_id,
            minAmount: rule.min_amount,
          })),
        }
      : null,
    tags: tags.map(toTagView),
    archive: group.archive,
    archiveRefusal: canManageGroup(role) ? archiveRefusalOf(group) : null,
    tipTokens: group.tipTokens.map(toTipTokenView),
    tipsOn: group.tipTokens.length > 0 && isFeatureOnIn(group.features, "rewards"),
  };
}

export function toCategoryView(row: CategoryRow): CategoryView {
  return { id: row.id, name: row.name, parentId: row.parentId };
}

export function toGroupCardView(row: GroupCard): GroupCardView {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    logo: proxyImageUrl(row.logo),
    members: row.membersCount,
    threads: row.threadsCount,
    visibility: row.visibility,
    lastActivityAt: row.lastActivityAt,
  };
}
