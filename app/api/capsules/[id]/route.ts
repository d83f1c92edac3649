import { db } from "@/lib/db/client";
import { capsuleRead } from "@/lib/endpoints/capsules/read";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { publicOrigin } from "@/lib/http/public-origin";
import { capsuleReadRows } from "@/lib/services/capsules/capsule-queries";
import { buildCapsuleRead, capsuleReadVersion, isSettled } from "@/lib/services/capsules/capsule-view";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id — the capsule read response (capsule, policy, outlet, content, evidence, contributors, revision); conditional
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleRead, async ({ params, request, viewer }) => {
    const rows = await capsuleReadRows(db(), params.id, viewer);
    return conditional(capsuleReadVersion(rows), isSettled(rows.row), () => buildCapsuleRead(rows, publicOrigin(request)));
  }),
);
