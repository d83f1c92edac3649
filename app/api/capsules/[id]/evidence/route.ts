import { db } from "@/lib/db/client";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { addEvidence, evidencePage } from "@/features/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/evidence — the evidence manifest (active items, oldest first)
  serve(capsuleEvidence, async ({ params, query }) => evidencePage(db(), params.id, query)),
  // POST /api/capsules/:id/evidence — the submitter or a contributor adds one evidence item
  serve(capsuleEvidenceAdd, async ({ params, body, wallet, now }) => addEvidence(db(), wallet, params.id, body, now)),
);
