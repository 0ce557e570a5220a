import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { memberLevel } from "@/lib/api/serializers/permission-level";
import type { UserGroupItem } from "@/lib/db/user-groups";
import { flagCode, type GroupAdminRole } from "@/lib/db/records/codes";
import type { RecommendGroupDto, UserGroupDto } from "@/lib/schemas/user-schemas";

// Fields Agora has no data for (tokens, IPFS, ranking) keep the reference's types with empty values.
function serializeGroupItemBase(row: UserGroupItem) {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    created_at: formatTimestamp(row.createdAt),
    cover: row.cover,
    logo: row.logo,
    updated_at: formatTimestamp(row.updatedAt),
    description: row.description,
    followers: row.membersCount,
    posts: row.postsCount,
    no_recommend: String(flagCode(row.noRecommend)),
    super_no_recommend: String(flagCode(row.superNoRecommend)),
    main_token: row.mainTokenAddress,
    ipfs: "",
    ipns: "",
    score: 0,
  };
}

/**
 * Group list item in a user's `groups` (groups they are a member of): with the page url and their
 * permission level as get group info gives it: "1" owner … "3" moderator, "4" a plain member.
 */
export function serializeUserGroup(row: UserGroupItem, facts: { origin: string; rank: GroupAdminRole | null }): UserGroupDto {
  return {
    ...serializeGroupItemBase(row),
    url: `${facts.origin}/g/${encodeURIComponent(row.name)}`,
    permission_level: String(memberLevel(facts.rank)),
  };
}

/** Group list item in a user's `recommend_groups`: with its owner. */
export function serializeRecommendGroup(row: UserGroupItem): RecommendGroupDto {
  return { ...serializeGroupItemBase(row), owner: row.ownerId ?? 0 };
}
