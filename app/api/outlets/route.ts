import { endpointRoutes } from "@/lib/http/endpoint-route";
import { outletListRoute } from "@/features/outlet-reads";

export const dynamic = "force-dynamic";

// GET /api/outlets — outlets, optionally filtered by status, paginated; conditional (handler in features/outlet-reads.ts)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(outletListRoute);
