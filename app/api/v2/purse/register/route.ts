import { purseRegister } from "@/lib/api/endpoints/wallet";

export const POST = purseRegister.v2;
