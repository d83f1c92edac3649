import { endpointRoutes } from "@/lib/http/endpoint-route";
import { outletReadRoute } from "@/features/outlet-reads";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug — one outlet with its verification state and distribution tier; conditional (handler in features/outlet-reads.ts)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(outletReadRoute);
