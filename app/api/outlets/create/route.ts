import { db } from "@/lib/db/client";
import { outletCreate } from "@/lib/endpoints/outlets/create";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { createOutlet } from "@/lib/services/outlets/create-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/create — register a pending outlet; answers the TXT record to publish
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletCreate, async ({ body, wallet, now }) => createOutlet(db(), wallet, body, now)));
