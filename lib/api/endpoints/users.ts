import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeMeUser, serializeUpdateInfoUser } from "@/lib/api/serializers/user";
import { revokeUserToken } from "@/lib/auth/tokens";
import { isSet } from "@/lib/db/records/codes";
import { EmailSchema, IsNftSchema, MeUserSchema, PhotoUrlSchema, UpdateInfoUserSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import { NftParamSchema } from "@/lib/schemas/nft-avatar-schemas";
import { BioSchema, DarkModeSchema, UserSettingsParamSchema } from "@/lib/schemas/user-settings-schemas";
import { getOwnAccount, updateUserInfo } from "@/lib/services/user-profile";
import { EmptyResponseSchema, flagParam } from "@/lib/schemas/moderation-schemas";
import { unsetWhenBlank } from "@/lib/schemas/params";
import { deleteAccount } from "@/lib/services/account-deletion";

// GET or POST /api/me
export const getMe = defineEndpoint(
  {
    method: ["GET", "POST"],
    path: "/api/me",
    family: "api",
    auth: "user",
    tag: "Users",
    summary: "9. The signed-in user",
    params: z.object({}),
    response: z.object({ user: MeUserSchema }),
  },
  async ({ viewer, request }) => ({ user: serializeMeUser(await getOwnAccount(viewer, { groups: true }), readRequestOrigin(request)) }),
);

// POST /api/user/update_info
export const updateInfo = defineEndpoint(
  {
    method: "POST",
    path: "/api/user/update_info",
    family: "api",
    auth: "user",
    tag: "Users",
    summary: "6. Update user info (is_nft 1 with nft: an NFT avatar one of your wallets holds)",
    params: z.object({
      username: UsernameSchema.optional(),
      photo_url: PhotoUrlSchema.optional(),
      cover_image: PhotoUrlSchema.optional(),
      // Contract section 7 names the reference's unnamed email parameter.
      email: EmailSchema.optional(),
      is_nft: IsNftSchema.optional(),
      // Contract section 19: with is_nft 1, the token one of the user's wallets holds.
      nft: NftParamSchema.optional(),
      // Contract section 17: profile and preferences.
      bio: BioSchema.optional(),
      dark_mode: DarkModeSchema.optional(),
      settings: UserSettingsParamSchema.optional(),
    }),
    response: UpdateInfoUserSchema,
    errors: ["conflict"],
  },
  async ({ params, viewer, request }) => {
    const { username, photo_url: photoUrl, cover_image: coverImage, email, is_nft: isNft, nft: nftToken, bio, dark_mode: darkMode, settings } = params;
    const nft = isNft === undefined ? undefined : isSet(isNft);
    await updateUserInfo(viewer, { username, photoUrl, coverImage, email, nft, nftToken, bio, darkMode, settings });
    return serializeUpdateInfoUser(await getOwnAccount(viewer, { groups: false }), readRequestOrigin(request));
  },
);

// POST /api/logout
export const logout = defineEndpoint(
  {
    method: "POST",
    path: "/api/logout",
    family: "api",
    auth: "user",
    tag: "Users",
    summary: "Revoke the token",
    params: z.object({}),
    response: z.object({}),
  },
  async ({ viewer }) => {
    await revokeUserToken(viewer.tokenId);
    return {};
  },
);

// POST /api/v2/users/me/delete
export const deleteMyAccountEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/me/delete",
    family: "v2",
    auth: "user",
    tag: "Users",
    summary:
      'Delete the account (contract section 20): wallets, tokens, sessions, drafts, bookmarks, uploads and profile go and the username is free again; posts stay as by "deleted user" (keep_posts 0: emptied as deleted posts); owned groups pass to the longest-serving admin, else moderator, else earliest member. 400 unless confirm is the username',
    params: z.object({
      // A username of digits may arrive as a JSON number.
      confirm: z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string({ error: "must be your username" })),
      keep_posts: unsetWhenBlank(flagParam().default(1)),
    }),
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await deleteAccount(viewer, { confirm: params.confirm, keepPosts: isSet(params.keep_posts) });
    return {};
  },
);
