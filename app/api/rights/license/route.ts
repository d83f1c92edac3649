import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZLicenceResponse, ZLicenseBody } from "@/lib/schemas/rights";
import { licenseListing } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// POST /api/rights/license — license an active listing (an exclusive one only once)
export const POST = route({ action: "rights.license", body: ZLicenseBody, status: 201 }, async ({ body, wallet, now }) =>
  ZLicenceResponse.parse(await licenseListing(db(), wallet, body, now)),
);
