import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZLabelsResponse } from "@/lib/schemas/court";
import { capsuleLabels } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/labels — the integrity-label history of the capsule's revision chain
export const GET = route({}, async ({ params }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZLabelsResponse.parse(await capsuleLabels(db(), id));
});
