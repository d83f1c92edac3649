import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZListOutletsQuery, ZListOutletsResponse } from "@/lib/schemas/outlets";
import { listOutletRecords } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets — outlets, optionally filtered by status, paginated
export const GET = route({ query: ZListOutletsQuery }, async ({ query, now }) =>
  ZListOutletsResponse.parse(await listOutletRecords(db(), query, now)),
);
