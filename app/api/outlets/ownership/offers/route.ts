import { db } from "@/lib/db/client";
import { ownershipOffers } from "@/features/outlets/ownership-offers.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { readOwnershipOffer } from "@/features/outlets/ownership-offers";

export const dynamic = "force-dynamic";

// POST /api/outlets/ownership/offers — the outlet's open ownership offer
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(ownershipOffers, async ({ body, wallet }) => readOwnershipOffer(db(), wallet, body)));
