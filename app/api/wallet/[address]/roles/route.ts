import { db } from "@/lib/db/client";
import { walletRoles } from "@/features/roles/wallet-roles.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { walletRoles as rolesOfWallet } from "@/features/roles/role-queries";

export const dynamic = "force-dynamic";

// GET /api/wallet/:address/roles — the wallet's active roles across outlets, paginated
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(walletRoles, async ({ params, query }) => rolesOfWallet(db(), params.address, query)));
