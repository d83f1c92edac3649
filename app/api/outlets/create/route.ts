import { db } from "@/lib/db/client";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { createOutlet } from "@/features/outlets/create-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/create — register a pending outlet; answers the TXT record to publish
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletCreate, async ({ body, wallet, now }) => createOutlet(db(), wallet, body, now)));
