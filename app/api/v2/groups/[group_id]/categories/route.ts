import { getGroupCategories } from "@/lib/api/endpoints/categories";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: getGroupCategories.v2 });
