import { db } from "@/lib/db/client";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { updateDraft } from "@/features/capsules/drafts";

export const dynamic = "force-dynamic";

// POST /api/capsules/update — the submitter edits a draft (hashes recomputed, lists replaced when given)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleUpdate, async ({ body, wallet, now, request }) => updateDraft(db(), wallet, body, now, publicOrigin(request))),
);
