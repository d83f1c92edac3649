import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleListResponse, ZListCapsulesQuery } from "@/lib/schemas/capsules";
import { capsulePage } from "@/lib/services/capsules/capsule-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules — capsules newest first, filtered by outlet slug and status
export const GET = route({ query: ZListCapsulesQuery }, async ({ query }) => ZCapsuleListResponse.parse(await capsulePage(db(), query)));
