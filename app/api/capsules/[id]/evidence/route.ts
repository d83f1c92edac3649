import { db } from "@/lib/db/client";
import { capsuleEvidence } from "@/lib/endpoints/capsules/evidence";
import { capsuleEvidenceAdd } from "@/lib/endpoints/capsules/evidence-add";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { addEvidence, evidencePage } from "@/lib/services/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/evidence — the evidence manifest (active items, oldest first)
  serve(capsuleEvidence, async ({ params, query }) => evidencePage(db(), params.id, query)),
  // POST /api/capsules/:id/evidence — the submitter or a contributor adds one evidence item
  serve(capsuleEvidenceAdd, async ({ params, body, wallet, now }) => addEvidence(db(), wallet, params.id, body, now)),
);
