import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { ZOutletSlugParams, ZOutletUsersQuery, ZOutletUsersResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/outlets/:slug/users
export const outletUsers = defineEndpoint({
  id: "outlets.users",
  method: "GET",
  path: "/api/outlets/:slug/users",
  summary: "Members of the outlet with their active roles, oldest first",
  params: ZOutletSlugParams,
  query: ZOutletUsersQuery,
  response: ZOutletUsersResponse,
  rateLimit: ["public-get"],
  errors: ["OUTLET_NOT_FOUND"],
  example: { params: { slug: COURT_OUTLET_SLUG } },
});
