import { db } from "@/lib/db/client";
import { roleOfferDecline } from "@/features/roles/offer-decline.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { declineRoleOffer } from "@/features/roles/role-offers";

export const dynamic = "force-dynamic";

// POST /api/roles/offers/decline — the grantee declines a role offer
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleOfferDecline, async ({ body, wallet, now }) => declineRoleOffer(db(), wallet, body, now)));
