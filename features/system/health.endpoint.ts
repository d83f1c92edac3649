import { ZHealthResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/health
export const health = defineEndpoint({
  id: "system.health",
  method: "GET",
  path: "/api/health",
  summary: "Service health: the database answers and the node is reachable",
  response: ZHealthResponse,
  alsoAnswers: [{ status: 503, description: "degraded: the database or the node does not answer (same body, status \"degraded\")" }],
  rateLimit: ["public-get"],
  errors: [],
});
