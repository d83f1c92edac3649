import { database } from "@/lib/db/client";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { endpointRoutes, reply, serve } from "@/features/serve";
import { uploadObject } from "@/features/vault/vault";

export const dynamic = "force-dynamic";

// POST /api/vault/upload — store a file under the SHA-256 of its bytes (201 new, 200 already stored)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(vaultUpload, async ({ body, wallet, now }) => {
    const result = await uploadObject(database(), wallet, body, now);
    return result.created ? result : reply(200, result);
  }),
);
