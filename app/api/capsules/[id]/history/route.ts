import { db } from "@/lib/db/client";
import { capsuleHistory } from "@/lib/endpoints/capsules/history";
import { capsuleHistoryAdd } from "@/lib/endpoints/capsules/history-add";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { publicOrigin } from "@/lib/http/public-origin";
import { buildHistory, historyRows, historySettled, historyVersion } from "@/lib/services/capsules/capsule-queries";
import { addRevision } from "@/lib/services/capsules/revisions";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/history — the revision chain, oldest first, with its current version; conditional
  serve(capsuleHistory, async ({ params, viewer }) => {
    const rows = await historyRows(db(), params.id, viewer);
    return conditional(historyVersion(rows), historySettled(rows), () => buildHistory(rows));
  }),
  // POST /api/capsules/:id/history — start a correction, retraction or revision draft in the chain
  serve(capsuleHistoryAdd, async ({ params, body, wallet, now, request }) => addRevision(db(), wallet, params.id, body, now, publicOrigin(request))),
);
