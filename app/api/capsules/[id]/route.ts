import { endpointRoutes } from "@/lib/http/endpoint-route";
import { capsuleReadRoute } from "@/features/capsule-reads";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id — the capsule read response; conditional (handler in features/capsule-reads.ts)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(capsuleReadRoute);
