import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZCapsuleResponse, ZUpdateCapsuleBody } from "@/lib/schemas/capsules";
import { updateDraft } from "@/lib/services/capsules/drafts";

export const dynamic = "force-dynamic";

// POST /api/capsules/update — the submitter edits a draft (hashes recomputed, lists replaced when given)
export const POST = route({ action: "capsules.update", body: ZUpdateCapsuleBody }, async ({ body, wallet, now, request }) =>
  ZCapsuleResponse.parse(await updateDraft(db(), wallet, body, now, publicOrigin(request))),
);
