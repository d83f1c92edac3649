import { burnStatus } from "@/features/burn/status.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { burnStatus as readBurnStatus } from "@/features/burn/burn-status";

export const dynamic = "force-dynamic";

// GET /api/burn/status — the burn pool's size, schedule and totals, read from the BurnPool contract
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(burnStatus, async () => readBurnStatus()));
