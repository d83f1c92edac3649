import { health } from "@/features/system/health.endpoint";
import { healthAnswer } from "@/features/system/system-reads";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/health — service health: the database answers and the node is reachable (503 when not)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(health, async () => healthAnswer()));
