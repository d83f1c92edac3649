import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { pageQuery } from "@/lib/http/pagination";
import { ZAddEvidenceBody, ZCapsuleIdParams, ZEvidenceAddResponse, ZEvidenceListResponse } from "@/lib/schemas/capsules";
import { addEvidence, evidencePage } from "@/lib/services/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/evidence — the evidence manifest (active items, oldest first)
export const GET = route({ query: pageQuery }, async ({ params, query }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZEvidenceListResponse.parse(await evidencePage(db(), id, query));
});

// POST /api/capsules/:id/evidence — the submitter or a contributor adds one evidence item
export const POST = route({ action: "capsules.evidence.add", body: ZAddEvidenceBody, status: 201 }, async ({ params, body, wallet, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZEvidenceAddResponse.parse(await addEvidence(db(), wallet, id, body, now));
});
