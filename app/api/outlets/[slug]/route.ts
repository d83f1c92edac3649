import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZOutletResponse, ZOutletSlugParams } from "@/lib/schemas/outlets";
import { getOutletRecord } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug — one outlet with its verification state and distribution tier
export const GET = route({}, async ({ params, now }) => {
  const { slug } = ZOutletSlugParams.parse(params);
  return ZOutletResponse.parse(await getOutletRecord(db(), slug, now));
});
