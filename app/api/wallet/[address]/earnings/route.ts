import { db } from "@/lib/db/client";
import { walletEarnings } from "@/features/wallet/earnings.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { walletEarnings as earningsOf } from "@/features/wallet/earnings";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/earnings — the wallet's revenue ledger (ads and licences), newest first
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(walletEarnings, async ({ params, query }) => earningsOf(db(), params.address, query)));
