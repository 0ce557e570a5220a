import { createGroupCategory } from "@/lib/api/endpoints/categories";

export const POST = createGroupCategory.v2;
