import { getCategoryThreads } from "@/lib/api/endpoints/thread-lists";

export const GET = getCategoryThreads.v2;
