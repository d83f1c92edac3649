import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { contractsSummaryAnswer } from "@/features/operator/operator-metadata";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/contracts-summary — every contract address, the deployment, event topics and environment state
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(contractsSummary, async () => contractsSummaryAnswer()));
