import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZRoleChangeBody, ZRoleChangeResponse } from "@/lib/schemas/roles";
import { revokeRoleOf } from "@/lib/services/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/revoke — revoke a role at an outlet (re-locks the bond on chain)
export const POST = route({ action: "roles.revoke", body: ZRoleChangeBody }, async ({ body, wallet, now }) =>
  ZRoleChangeResponse.parse(await revokeRoleOf(db(), wallet, body, now)),
);
