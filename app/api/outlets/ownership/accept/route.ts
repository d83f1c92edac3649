import { db } from "@/lib/db/client";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { acceptOwnershipOffer } from "@/features/outlets/ownership-offers";

export const dynamic = "force-dynamic";

// POST /api/outlets/ownership/accept — the offered Editor takes the outlet over
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(ownershipAccept, async ({ body, wallet, now }) => acceptOwnershipOffer(db(), wallet, body, now)));
