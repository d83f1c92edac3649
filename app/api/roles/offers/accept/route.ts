import { db } from "@/lib/db/client";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { acceptRoleOffer } from "@/features/roles/role-offers";

export const dynamic = "force-dynamic";

// POST /api/roles/offers/accept — the grantee accepts a role offer
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleOfferAccept, async ({ body, wallet, now }) => acceptRoleOffer(db(), wallet, body, now)));
