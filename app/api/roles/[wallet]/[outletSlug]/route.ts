import { db } from "@/lib/db/client";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { walletRolesAtOutlet as rolesAtOutlet } from "@/features/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/roles/:wallet/:outletSlug — the wallet's active roles at the outlet, bond and voter flag from chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(walletRolesAtOutlet, async ({ params, now }) => rolesAtOutlet(db(), params.wallet, params.outletSlug, now)),
);
