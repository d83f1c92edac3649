import { roleCatalogRead } from "@/lib/endpoints/roles/catalog";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { roleCatalogItems } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/role-catalog — roles with their bond requirements
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleCatalogRead, async () => ({ ok: true as const, items: roleCatalogItems() })));
