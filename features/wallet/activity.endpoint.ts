import { ZActivityQuery, ZActivityResponse } from "@/features/wallet/activity.schema";
import { ZWalletParams } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/wallet/:address/activity
export const walletActivity = defineEndpoint({
  id: "wallet.activity",
  method: "GET",
  path: "/api/wallet/:address/activity",
  summary: "Everything the wallet did through the bridge and on chain, newest first",
  params: ZWalletParams,
  query: ZActivityQuery,
  response: ZActivityResponse,
  rateLimit: ["public-get"],
  privateDrafts: {},
  errors: [],
  example: { params: { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
});
