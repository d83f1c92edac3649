import { db } from "@/lib/db/client";
import { outletVerify } from "@/lib/endpoints/outlets/verify";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { verifyOutlet } from "@/lib/services/outlets/verify-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/verify — check the outlet's dns_txt record and move its status (owner or Editor)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletVerify, async ({ body, wallet, now }) => verifyOutlet(db(), wallet, body, now)));
