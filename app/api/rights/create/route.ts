import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCreateListingBody, ZListingResponse } from "@/lib/schemas/rights";
import { createListing } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// POST /api/rights/create — list a finalized capsule's rights for licensing
export const POST = route({ action: "rights.create", body: ZCreateListingBody, status: 201 }, async ({ body, wallet, now }) =>
  ZListingResponse.parse(await createListing(db(), wallet, body, now)),
);
