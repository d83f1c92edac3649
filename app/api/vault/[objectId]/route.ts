import { db } from "@/lib/db/client";
import { vaultObject } from "@/features/vault/object.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { sha256OfCid } from "@/features/capsules/content-id";
import { downloadObject, getObjectRecord } from "@/features/vault/vault";

export const dynamic = "force-dynamic";

// GET /api/vault/:objectId — the object's record; ?download=1 answers the bytes (re-hashed on read)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(vaultObject, async ({ params, query }) => {
    // a CID names bytes, so it always answers them (ipfs:// metadataURIs resolve here)
    const byCid = sha256OfCid(params.objectId);
    if (byCid) return downloadObject(db(), byCid);
    if (query.download === "1" || query.download === "true") return downloadObject(db(), params.objectId);
    return getObjectRecord(db(), params.objectId);
  }),
);
