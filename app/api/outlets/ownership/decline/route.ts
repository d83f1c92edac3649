import { db } from "@/lib/db/client";
import { ownershipDecline } from "@/features/outlets/ownership-decline.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { declineOwnershipOffer } from "@/features/outlets/ownership-offers";

export const dynamic = "force-dynamic";

// POST /api/outlets/ownership/decline — the offered Editor declines the ownership
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(ownershipDecline, async ({ body, wallet, now }) => declineOwnershipOffer(db(), wallet, body, now)));
