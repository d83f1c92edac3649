import { db } from "@/lib/db/client";
import { ownershipOffer } from "@/features/outlets/ownership-offer.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { offerOwnership } from "@/features/outlets/ownership-offers";

export const dynamic = "force-dynamic";

// POST /api/outlets/ownership/offer — the owner offers the outlet to one of its Editors
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(ownershipOffer, async ({ body, wallet, now }) => offerOwnership(db(), wallet, body, now)));
