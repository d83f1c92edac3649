import { endpointRoutes } from "@/lib/http/endpoint-route";
import { capsuleListRoute } from "@/features/capsule-reads";

export const dynamic = "force-dynamic";

// GET /api/capsules — capsules newest first, filtered by outlet slug and status; conditional (handler in features/capsule-reads.ts)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(capsuleListRoute);
