import { db } from "@/lib/db/client";
import { rightsListings } from "@/lib/endpoints/rights/listings";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { listingPage } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/rights/listings — rights listings, newest first, by capsule and/or outlet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(rightsListings, async ({ query, now }) => listingPage(db(), query, now)));
