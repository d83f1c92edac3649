import { db } from "@/lib/db/client";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { listOutletUsers } from "@/features/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug/users — members with their active roles, paginated
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletUsers, async ({ params, query, now }) => listOutletUsers(db(), params.slug, query, now)));
