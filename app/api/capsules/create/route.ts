import { db } from "@/lib/db/client";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { createDraft } from "@/features/capsules/drafts";

export const dynamic = "force-dynamic";

// POST /api/capsules/create — stage a draft at an outlet where the signer holds an author role
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleCreate, async ({ body, wallet, now, request }) => createDraft(db(), wallet, body, now, publicOrigin(request))),
);
