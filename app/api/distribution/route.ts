import { db } from "@/lib/db/client";
import { distributionPage } from "@/features/distribution/outlet-report";
import { distributionList } from "@/features/distribution/list.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/distribution — every active outlet's tier, requirements met or missed, factors and penalty in force
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(distributionList, async ({ query, now }) => distributionPage(db(), query, now)));
