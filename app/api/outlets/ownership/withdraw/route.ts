import { db } from "@/lib/db/client";
import { ownershipWithdraw } from "@/features/outlets/ownership-withdraw.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { withdrawOwnershipOffer } from "@/features/outlets/ownership-offers";

export const dynamic = "force-dynamic";

// POST /api/outlets/ownership/withdraw — the owner withdraws its ownership offer
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(ownershipWithdraw, async ({ body, wallet, now }) => withdrawOwnershipOffer(db(), wallet, body, now)));
