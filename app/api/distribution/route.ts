import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZDistributionQuery, ZDistributionResponse } from "@/lib/schemas/distribution";
import { distributionPage } from "@/lib/distribution/outlet-report";

export const dynamic = "force-dynamic";

// GET /api/distribution — every active outlet's tier, requirements met or missed, factors and penalty in force
export const GET = route({ query: ZDistributionQuery }, async ({ query, now }) => ZDistributionResponse.parse(await distributionPage(db(), query, now)));
