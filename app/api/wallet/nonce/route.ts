import { getWalletNonce } from "@/lib/api/endpoints/wallet";

export const GET = getWalletNonce.api;
