import { endpointRoutes } from "@/lib/http/endpoint-route";
import { capsuleVotesRoute } from "@/features/capsule-reads";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/votes — indexed votes with names, and the tally of the same read; conditional (handler in features/capsule-reads.ts)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(capsuleVotesRoute);
