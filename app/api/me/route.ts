import { getMe } from "@/lib/api/endpoints/users";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: getMe.api, POST: getMe.api });
