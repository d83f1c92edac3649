import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZVaultObjectResponse, ZVaultParams, ZVaultQuery } from "@/lib/schemas/vault";
import { downloadObject, getObjectRecord } from "@/lib/services/vault/vault";

export const dynamic = "force-dynamic";

// GET /api/vault/:objectId — the object's record; ?download=1 answers the bytes (re-hashed on read)
export const GET = route({ query: ZVaultQuery }, async ({ params, query }) => {
  const { objectId } = ZVaultParams.parse(params);
  if (query.download === "1" || query.download === "true") return downloadObject(db(), objectId);
  return ZVaultObjectResponse.parse(await getObjectRecord(db(), objectId));
});
