import { db } from "@/lib/db/client";
import { distributionPage } from "@/lib/distribution/outlet-report";
import { distributionList } from "@/lib/endpoints/distribution/list";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/distribution — every active outlet's tier, requirements met or missed, factors and penalty in force
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(distributionList, async ({ query, now }) => distributionPage(db(), query, now)));
