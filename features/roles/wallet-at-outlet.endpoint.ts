import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { ZWalletOutletParams, ZWalletOutletRolesResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/roles/:wallet/:outletSlug
export const walletRolesAtOutlet = defineEndpoint({
  id: "roles.wallet-at-outlet",
  method: "GET",
  path: "/api/roles/:wallet/:outletSlug",
  summary: "The wallet's active roles at the outlet, with its bond and voter flag read from the chain",
  params: ZWalletOutletParams,
  response: ZWalletOutletRolesResponse,
  rateLimit: ["public-get"],
  errors: ["OUTLET_NOT_FOUND", "CHAIN_UNAVAILABLE"],
  example: { params: { wallet: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", outletSlug: COURT_OUTLET_SLUG } },
});
