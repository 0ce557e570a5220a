import { getGroupInfo } from "@/lib/api/endpoints/groups";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: getGroupInfo.v2 });
