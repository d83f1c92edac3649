import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZListingPage, ZListListingsQuery } from "@/lib/schemas/rights";
import { listingPage } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/rights/listings — rights listings, newest first, by capsule and/or outlet
export const GET = route({ query: ZListListingsQuery }, async ({ query, now }) => ZListingPage.parse(await listingPage(db(), query, now)));
