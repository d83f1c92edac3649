import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCaseIdParams, ZCaseResponse } from "@/lib/schemas/court";
import { caseById } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/case/:id — one case with its full timeline
export const GET = route({}, async ({ params }) => {
  const { id } = ZCaseIdParams.parse(params);
  return ZCaseResponse.parse(await caseById(db(), id));
});
