import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZWalletOutletParams, ZWalletOutletRolesResponse } from "@/lib/schemas/roles";
import { walletRolesAtOutlet } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/roles/:wallet/:outletSlug — the wallet's active roles at the outlet, bond and voter flag from chain
export const GET = route({}, async ({ params, now }) => {
  const { wallet, outletSlug } = ZWalletOutletParams.parse(params);
  return ZWalletOutletRolesResponse.parse(await walletRolesAtOutlet(db(), wallet, outletSlug, now));
});
