import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCreateOutletBody, ZCreateOutletResponse } from "@/lib/schemas/outlets";
import { createOutlet } from "@/lib/services/outlets/create-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/create — register a pending outlet; answers the TXT record to publish
export const POST = route({ action: "outlets.create", body: ZCreateOutletBody, status: 201 }, async ({ body, wallet, now }) =>
  ZCreateOutletResponse.parse(await createOutlet(db(), wallet, body, now)),
);
