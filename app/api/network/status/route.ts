import { networkStatus } from "@/features/system/network-status.endpoint";
import { networkStatusAnswer } from "@/features/system/system-reads";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/network/status — node reachability, block height, the indexer's lag, rewinds and leadership
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(networkStatus, async () => networkStatusAnswer()));
