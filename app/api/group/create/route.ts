import { createGroupEndpoint } from "@/lib/api/endpoints/group-create";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ POST: createGroupEndpoint.api });
