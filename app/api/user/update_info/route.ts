import { updateInfo } from "@/lib/api/endpoints/users";

export const POST = updateInfo.api;
