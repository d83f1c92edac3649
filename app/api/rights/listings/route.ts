import { db } from "@/lib/db/client";
import { rightsListings } from "@/features/rights/listings.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { listingPage } from "@/features/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/rights/listings — rights listings, newest first, by capsule and/or outlet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(rightsListings, async ({ query, now }) => listingPage(db(), query, now)));
