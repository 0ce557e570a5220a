import "server-only";
import { serializeTipTokens } from "@/lib/api/serializers/tip";
import { isFeatureOnIn } from "@/lib/db/group-features";
import { formatGroupTimestamp } from "@/lib/api/time";
import { serializePermissionLevel } from "@/lib/api/serializers/permission-level";
import { serializeGroupInfoTags } from "@/lib/api/serializers/tag";
import type { GroupAdminRecord, GroupFeatureRecord } from "@/lib/db/groups";
import { adminRoleLevel, flagCode, joiningCode, visibilityCode } from "@/lib/db/records/codes";
import type { GroupFeatureDto } from "@/lib/schemas/group-feature-schemas";
import type { GroupAdminDto, GroupDto } from "@/lib/schemas/group-schemas";
import type { GroupRecord } from "@/lib/services/groups";

type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : {};
}

function stringField(source: JsonObject, key: string, fallback = ""): string {
  const value = source[key];
  return value === undefined || value === null ? fallback : String(value);
}

/** A row of get group info's `group_admin` (also the answer to a role change). */
export function serializeGroupAdmin(admin: GroupAdminRecord): GroupAdminDto {
  return {
    id: admin.id,
    group_id: admin.groupId,
    level: adminRoleLevel(admin.role),
    user_id: admin.userId,
    deleted_at: admin.deletedAt ? formatGroupTimestamp(admin.deletedAt) : null,
    created_at: formatGroupTimestamp(admin.createdAt),
    updated_at: formatGroupTimestamp(admin.updatedAt),
  };
}

/** Group, get-group-info shape. */
/** Get group info's `feature` list, and the features endpoint's answer. */
export function serializeGroupFeatures(features: readonly GroupFeatureRecord[]): GroupFeatureDto[] {
  return features.map((feature) => ({ id: feature.id, feature_name: feature.name, is_setting: flagCode(feature.isSetting), status: feature.status }));
}

export function serializeGroup(record: GroupRecord): GroupDto {
  const { group: row, role } = record;
  const { gate } = row;
  const token = asObject(row.erc20Token);
  const firstErc20 = gate?.rules.find((rule) => rule.type === "erc20");
  const firstNft = gate?.rules.find((rule) => rule.type === "erc721" || rule.type === "erc1155");
  const settings = asObject(row.settings);
  const files = row.attachRules;
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    created_at: formatGroupTimestamp(row.createdAt),
    updated_at: formatGroupTimestamp(row.updatedAt),
    // Contract section 20: 0 while the group has no owner.
    owner: row.ownerId ?? 0,
    cover: row.cover,
    logo: row.logo,
    description: row.description,
    no_recommend: String(flagCode(row.noRecommend)),
    super_no_recommend: String(flagCode(row.superNoRecommend)),
    joining: joiningCode(row.joining),
    visibility: visibilityCode(row.visibility),
    show_snapshot: stringField(settings, "show_snapshot", "0"),
    snapshot_space: stringField(settings, "snapshot_space"),
    erc20_token: {
      status: stringField(token, "status", "0"),
      is_import: stringField(token, "is_import", "0"),
      address: stringField(token, "address"),
      name: stringField(token, "name"),
      symbol: stringField(token, "symbol"),
      decimal: stringField(token, "decimal"),
      logo: stringField(token, "logo"),
      balance: gate ? record.viewerTokenBalance : stringField(token, "balance", "0"),
    },
    feature: serializeGroupFeatures(row.features),
    attached_files: {
      allow_everyone: flagCode(files.allowEveryone),
      allow_post: flagCode(files.allowPost),
      allow_all_file_type: String(flagCode(files.allowAllFileTypes)),
    },
    group_admin: row.admins.map(serializeGroupAdmin),
    // Contract section 14: the viewer's level, "4" for a plain member, "0" for anyone else.
    permission_level: serializePermissionLevel(role),
    online_members: record.onlineMembers,
    pending_user: record.pending.map((request) => ({
      user_id: request.userId,
      username: request.username,
      photo_url: request.photoUrl,
      message: request.message,
      created_at: formatGroupTimestamp(request.createdAt),
    })),
    group_subscription: { current_plan: "free", group_id: row.id, is_canceled: false, period_end: "" },
    members: row.membersCount,
    gallery: "",
    privacy_type: String(visibilityCode(row.visibility)),
    ft_count: firstErc20?.min_amount ?? "0",
    chain_type: row.chainType,
    open_readonly: String(flagCode(row.openReadonly)),
    primary_nft: firstNft?.contract_address ?? "",
    primary_token: firstErc20?.contract_address ?? "",
    group_settings: {
      layout_type: stringField(settings, "layout_type", "forum"),
      show_link_preview: stringField(settings, "show_link_preview", "1"),
      show_poll_cate: row.pollCategoryIds.length > 0 ? "1" : "0",
    },
    ...serializeGroupInfoTags(record.tags),
    poll_category: row.pollCategoryIds,
    // Contract section 19: the tokens, while the group's rewards feature is on.
    tip_token_info: isFeatureOnIn(row.features, "rewards") ? serializeTipTokens(row.tipTokens) : [],
    main_token_address: row.mainTokenAddress,
    is_muted: flagCode(record.viewerMuted),
    archive: flagCode(row.archive),
  };
}
