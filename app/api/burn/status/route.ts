import { burnStatus } from "@/lib/endpoints/burn/status";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { burnStatus as readBurnStatus } from "@/lib/services/burn/burn-status";

export const dynamic = "force-dynamic";

// GET /api/burn/status — the burn pool's size, schedule and totals, read from the BurnPool contract
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(burnStatus, async () => readBurnStatus()));
