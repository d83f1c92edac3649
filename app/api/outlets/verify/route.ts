import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZVerifyOutletBody, ZVerifyOutletResponse } from "@/lib/schemas/outlets";
import { verifyOutlet } from "@/lib/services/outlets/verify-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/verify — check the outlet's dns_txt record and move its status
export const POST = route({ action: "outlets.verify", body: ZVerifyOutletBody }, async ({ body, wallet, now }) =>
  ZVerifyOutletResponse.parse(await verifyOutlet(db(), wallet, body, now)),
);
