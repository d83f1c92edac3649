import { db } from "@/lib/db/client";
import { walletEarnings } from "@/lib/endpoints/wallet/earnings";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { walletEarnings as earningsOf } from "@/lib/services/revenue/earnings";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/earnings — the wallet's revenue ledger (ads and licences), newest first
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(walletEarnings, async ({ params, query }) => earningsOf(db(), params.address, query)));
