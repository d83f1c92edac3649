import { db } from "@/lib/db/client";
import { walletRolesAtOutlet } from "@/lib/endpoints/roles/wallet-at-outlet";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { walletRolesAtOutlet as rolesAtOutlet } from "@/lib/services/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/roles/:wallet/:outletSlug — the wallet's active roles at the outlet, bond and voter flag from chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(walletRolesAtOutlet, async ({ params, now }) => rolesAtOutlet(db(), params.wallet, params.outletSlug, now)),
);
