import { db } from "@/lib/db/client";
import { outletRead } from "@/lib/endpoints/outlets/read";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { getOutletRecord } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug — one outlet with its verification state and distribution tier; conditional
// (its tier depends on the clock as well as its rows, so the tag is taken over the answer itself)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(outletRead, async ({ params, now }) => {
    const record = await getOutletRecord(db(), params.slug, now);
    return conditional(record, false, () => record);
  }),
);
