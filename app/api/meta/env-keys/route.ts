import { ZEnvKeysResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { envCatalog } from "@/lib/config/env-catalog";

export const dynamic = "force-dynamic";

// GET /api/meta/env-keys — the inventory of configuration keys (names only, never values)
export const GET = route({}, async () =>
  ZEnvKeysResponse.parse({
    ok: true,
    items: envCatalog.map((key) => ({ name: key.name, description: key.description, secret: key.secret, set: process.env[key.name] !== undefined })),
  }),
);
