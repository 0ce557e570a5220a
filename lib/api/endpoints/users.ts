import "server-only";
import { z } from "zod";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeMeUser, serializeUpdateInfoUser } from "@/lib/api/serializers/user";
import { revokeUserToken } from "@/lib/auth/tokens";
import { findUserBundle } from "@/lib/db/users";
import { EmailSchema, IsNftSchema, PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import { updateUserInfo } from "@/lib/services/user-profile";

async function findBundleOrThrow(userId: number, options: { groups: boolean }) {
  const bundle = await findUserBundle(userId, options);
  if (!bundle) throw notFound("user");
  return bundle;
}

// GET or POST /api/me
export const getMe = defineEndpoint({ auth: "user", params: z.object({}) }, async ({ viewer, request }) => {
  const bundle = await findBundleOrThrow(viewer.id, { groups: true });
  return { user: serializeMeUser(bundle, readRequestOrigin(request)) };
});

export const UpdateInfoParamsSchema = z.object({
  username: UsernameSchema.optional(),
  photo_url: PhotoUrlSchema.optional(),
  cover_image: PhotoUrlSchema.optional(),
  // Contract section 7 names the reference's unnamed email parameter.
  email: EmailSchema.optional(),
  is_nft: IsNftSchema.optional(),
});

// POST /api/user/update_info
export const updateInfo = defineEndpoint({ auth: "user", params: UpdateInfoParamsSchema }, async ({ params, viewer, request }) => {
  await updateUserInfo(viewer.id, {
    username: params.username,
    photoUrl: params.photo_url,
    coverImage: params.cover_image,
    email: params.email,
    isNft: params.is_nft,
  });
  const bundle = await findBundleOrThrow(viewer.id, { groups: false });
  return serializeUpdateInfoUser(bundle, readRequestOrigin(request));
});

// POST /api/logout
export const logout = defineEndpoint({ auth: "user", params: z.object({}) }, async ({ viewer }) => {
  await revokeUserToken(viewer.tokenId);
  return {};
});
