import { db } from "@/lib/db/client";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { withdrawRoleOffer } from "@/features/roles/role-offers";

export const dynamic = "force-dynamic";

// POST /api/roles/offers/withdraw — the outlet withdraws a role offer
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleOfferWithdraw, async ({ body, wallet, now }) => withdrawRoleOffer(db(), wallet, body, now)));
