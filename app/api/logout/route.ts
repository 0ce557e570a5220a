import { logout } from "@/lib/api/endpoints/users";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ POST: logout.api });
