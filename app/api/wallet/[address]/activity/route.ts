import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZActivityQuery, ZActivityResponse } from "@/lib/schemas/activity";
import { ZWalletParams } from "@/lib/schemas/roles";
import { walletActivity } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/activity — everything the wallet did through the bridge and on chain, newest first
export const GET = route({ query: ZActivityQuery }, async ({ params, query }) => {
  const { address } = ZWalletParams.parse(params);
  return ZActivityResponse.parse(await walletActivity(db(), address, query));
});
