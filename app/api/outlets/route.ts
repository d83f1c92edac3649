import { db } from "@/lib/db/client";
import { outletList } from "@/lib/endpoints/outlets/list";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { listOutletRecords } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets — outlets, optionally filtered by status, paginated; conditional
// (an outlet's tier depends on the clock as well as its rows, so the tag is taken over the answer itself)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(outletList, async ({ query, now }) => {
    const page = await listOutletRecords(db(), query, now);
    return conditional(page, false, () => page);
  }),
);
