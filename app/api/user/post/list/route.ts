import { getWalletPostList } from "@/lib/api/endpoints/user-posts";

export const GET = getWalletPostList.api;
