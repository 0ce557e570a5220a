import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { UserGroupItemRow } from "@/lib/db/users";
import type { RecommendGroupDto, UserGroupDto } from "@/lib/schemas/user-schemas";

// Fields Agora has no data for (tokens, IPFS, ranking) keep the reference's types with empty values.
function serializeGroupItemBase(row: UserGroupItemRow) {
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
    no_recommend: row.noRecommend,
    super_no_recommend: row.superNoRecommend,
    main_token: row.mainTokenAddress,
    ipfs: "",
    ipns: "",
    score: 0,
  };
}

/** Group list item in a user's `groups`: with the page url and the user's permission level. */
export function serializeUserGroup(row: UserGroupItemRow, facts: { origin: string; adminLevel: number | null }): UserGroupDto {
  return {
    ...serializeGroupItemBase(row),
    url: `${facts.origin}/g/${encodeURIComponent(row.name)}`,
    // As in get group info: the user's admin level when there is one, else the group's default.
    permission_level: facts.adminLevel === null ? row.permissionLevel : String(facts.adminLevel),
  };
}

/** Group list item in a user's `recommend_groups`: with its owner. */
export function serializeRecommendGroup(row: UserGroupItemRow): RecommendGroupDto {
  return { ...serializeGroupItemBase(row), owner: row.ownerId };
}
