import { db } from "@/lib/db/client";
import { outletList } from "@/lib/endpoints/outlets/list";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { listOutletRecords } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets — outlets, optionally filtered by status, paginated
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletList, async ({ query, now }) => listOutletRecords(db(), query, now)));
