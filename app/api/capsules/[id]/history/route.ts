import { db } from "@/lib/db/client";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { capsuleHistoryRoute } from "@/features/capsule-reads";
import { addRevision } from "@/features/revisions/revisions";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/history — the revision chain; conditional (handler in features/capsule-reads.ts)
  capsuleHistoryRoute,
  // POST /api/capsules/:id/history — start a correction, retraction or revision draft in the chain
  serve(capsuleHistoryAdd, async ({ params, body, wallet, now, request }) => addRevision(db(), wallet, params.id, body, now, publicOrigin(request))),
);
