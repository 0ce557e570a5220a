import { getGroupCategories } from "@/lib/api/endpoints/categories";

export const GET = getGroupCategories.v2;
