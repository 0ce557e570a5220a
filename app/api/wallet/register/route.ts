import { walletRegister } from "@/lib/api/endpoints/wallet";

export const POST = walletRegister.api;
