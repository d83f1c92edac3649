import { db } from "@/lib/db/client";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { createListing } from "@/features/rights/rights";

export const dynamic = "force-dynamic";

// POST /api/rights/create — list a finalized capsule's rights for licensing (its submitter or an Editor)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(rightsCreate, async ({ body, wallet, now }) => createListing(db(), wallet, body, now)));
