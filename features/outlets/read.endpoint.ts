import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { ZOutletResponse, ZOutletSlugParams } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/outlets/:slug
export const outletRead = defineEndpoint({
  id: "outlets.read",
  method: "GET",
  path: "/api/outlets/:slug",
  summary: "One outlet with its verification state and distribution tier",
  params: ZOutletSlugParams,
  response: ZOutletResponse,
  rateLimit: ["public-get"],
  conditional: true,
  errors: ["OUTLET_NOT_FOUND"],
  example: { params: { slug: COURT_OUTLET_SLUG } },
});
