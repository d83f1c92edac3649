import { route } from "@/lib/http/route";
import { ZBurnStatusResponse } from "@/lib/schemas/burn";
import { burnStatus } from "@/lib/services/burn/burn-status";

export const dynamic = "force-dynamic";

// GET /api/burn/status — the burn pool's size, schedule and totals, read from the BurnPool contract
export const GET = route({}, async () => ZBurnStatusResponse.parse(await burnStatus()));
