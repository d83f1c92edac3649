import { roleCatalogRead } from "@/features/roles/catalog.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { roleCatalogItems } from "@/features/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/role-catalog — roles with their bond requirements
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleCatalogRead, async () => ({ ok: true as const, items: roleCatalogItems() })));
