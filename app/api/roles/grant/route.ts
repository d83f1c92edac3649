import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZRoleChangeBody, ZRoleChangeResponse } from "@/lib/schemas/roles";
import { grantRole } from "@/lib/services/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/grant — grant a bonded role at an outlet (locks the bond on chain)
export const POST = route({ action: "roles.grant", body: ZRoleChangeBody, status: 201 }, async ({ body, wallet, now }) =>
  ZRoleChangeResponse.parse(await grantRole(db(), wallet, body, now)),
);
