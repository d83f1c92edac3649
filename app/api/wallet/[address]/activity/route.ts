import { db } from "@/lib/db/client";
import { walletActivity } from "@/lib/endpoints/wallet/activity";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { walletActivity as activityOf } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/activity — everything the wallet did through the bridge and on chain, newest first
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(walletActivity, async ({ params, query, viewer }) => activityOf(db(), params.address, query, viewer)));
