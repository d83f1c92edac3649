import { db } from "@/lib/db/client";
import { capsuleList } from "@/lib/endpoints/capsules/list";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { buildCapsulePage, capsulePageRows, capsulePageVersion } from "@/lib/services/capsules/capsule-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules — capsules newest first, filtered by outlet slug and status; conditional
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleList, async ({ query, viewer }) => {
    const page = await capsulePageRows(db(), query, viewer);
    return conditional(capsulePageVersion(page), false, () => buildCapsulePage(page, query));
  }),
);
