import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCaseListResponse, ZListCasesQuery } from "@/lib/schemas/court";
import { casePage } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/cases — court cases, newest first, filtered by status and outlet
export const GET = route({ query: ZListCasesQuery }, async ({ query }) => ZCaseListResponse.parse(await casePage(db(), query)));
