import { getMe } from "@/lib/api/endpoints/users";

export const GET = getMe.api;
export const POST = getMe.api;
