import { db } from "@/lib/db/client";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { verifyOutlet } from "@/features/outlets/verify-outlet";

export const dynamic = "force-dynamic";

// POST /api/outlets/verify — check the outlet's dns_txt record and move its status (owner or Editor)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletVerify, async ({ body, wallet, now }) => verifyOutlet(db(), wallet, body, now)));
