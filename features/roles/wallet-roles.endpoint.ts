import { ZWalletParams, ZWalletRolesQuery, ZWalletRolesResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/wallet/:address/roles
export const walletRoles = defineEndpoint({
  id: "wallet.roles",
  method: "GET",
  path: "/api/wallet/:address/roles",
  summary: "The wallet's active roles across outlets, oldest grant first",
  params: ZWalletParams,
  query: ZWalletRolesQuery,
  response: ZWalletRolesResponse,
  rateLimit: ["public-get"],
  errors: [],
  example: { params: { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
});
