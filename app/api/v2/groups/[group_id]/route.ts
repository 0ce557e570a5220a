import { getGroupInfo } from "@/lib/api/endpoints/groups";

export const GET = getGroupInfo.v2;
