import { db } from "@/lib/db/client";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { walletActivity as activityOf } from "@/features/wallet/activity";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/activity — everything the wallet did through the bridge and on chain, newest first
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(walletActivity, async ({ params, query, viewer }) => activityOf(db(), params.address, query, viewer)));
