import { db } from "@/lib/db/client";
import { rightsWithdraw } from "@/features/rights/withdraw.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { withdrawListing } from "@/features/rights/rights";

export const dynamic = "force-dynamic";

// POST /api/rights/withdraw — withdraw a rights listing (its creator or an Editor of its outlet)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(rightsWithdraw, async ({ body, wallet, now }) => withdrawListing(db(), wallet, body, now)));
