import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZWalletParams, ZWalletRolesQuery, ZWalletRolesResponse } from "@/lib/schemas/roles";
import { walletRoles } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/roles — the wallet's active roles across outlets, paginated
export const GET = route({ query: ZWalletRolesQuery }, async ({ params, query }) => {
  const { address } = ZWalletParams.parse(params);
  return ZWalletRolesResponse.parse(await walletRoles(db(), address, query));
});
