import { db } from "@/lib/db/client";
import { outletList } from "@/features/outlets/list.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { conditional } from "@/lib/http/endpoint-route";
import { serve } from "./serve";
import { getOutletRecord, listOutletRecords } from "@/features/outlets/outlet-queries";

// The conditional outlet reads, served by their route files and by the process entry's fast path.
// An outlet's tier depends on the clock as well as its rows, so the tag is taken over the answer itself.

// GET /api/outlets/:slug — one outlet with its verification state and distribution tier; conditional
export const outletReadRoute = serve(outletRead, async ({ params, now }) => {
  const record = await getOutletRecord(db(), params.slug, now);
  return conditional(record, false, () => record);
});

// GET /api/outlets — outlets, optionally filtered by status, paginated; conditional
export const outletListRoute = serve(outletList, async ({ query, now }) => {
  const page = await listOutletRecords(db(), query, now);
  return conditional(page, false, () => page);
});
