import { ZActionKeysResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { actionCatalog, actionNames } from "@/lib/auth/actions";

export const dynamic = "force-dynamic";

// GET /api/meta/action-keys — every action name a signed token may carry, with its route and required role
export const GET = route({}, async () =>
  ZActionKeysResponse.parse({
    ok: true,
    items: actionNames.map((name) => ({ name, ...actionCatalog[name] })),
  }),
);
