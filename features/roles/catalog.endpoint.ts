import { ZRoleCatalogResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/role-catalog
export const roleCatalogRead = defineEndpoint({
  id: "roles.catalog",
  method: "GET",
  path: "/api/role-catalog",
  summary: "Roles with their current bond requirements",
  response: ZRoleCatalogResponse,
  rateLimit: ["public-get"],
  errors: [],
});
