import { route } from "@/lib/http/route";
import { ZRoleCatalogResponse } from "@/lib/schemas/roles";
import { roleCatalogItems } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/role-catalog — roles with their bond requirements
export const GET = route({}, async () => ZRoleCatalogResponse.parse({ ok: true, items: roleCatalogItems() }));
