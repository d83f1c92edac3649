import { db } from "@/lib/db/client";
import { capsuleHistoryAdd } from "@/lib/endpoints/capsules/history-add";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { publicOrigin } from "@/lib/http/public-origin";
import { capsuleHistoryRoute } from "@/lib/routes/capsule-reads";
import { addRevision } from "@/lib/services/capsules/revisions";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/history — the revision chain; conditional (handler in lib/routes/capsule-reads.ts)
  capsuleHistoryRoute,
  // POST /api/capsules/:id/history — start a correction, retraction or revision draft in the chain
  serve(capsuleHistoryAdd, async ({ params, body, wallet, now, request }) => addRevision(db(), wallet, params.id, body, now, publicOrigin(request))),
);
