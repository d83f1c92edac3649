import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZOutletSlugParams, ZOutletUsersQuery, ZOutletUsersResponse } from "@/lib/schemas/outlets";
import { listOutletUsers } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug/users — members with their active roles, paginated
export const GET = route({ query: ZOutletUsersQuery }, async ({ params, query, now }) => {
  const { slug } = ZOutletSlugParams.parse(params);
  return ZOutletUsersResponse.parse(await listOutletUsers(db(), slug, query, now));
});
