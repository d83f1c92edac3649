import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZCapsuleResponse, ZCreateCapsuleBody } from "@/lib/schemas/capsules";
import { createDraft } from "@/lib/services/capsules/drafts";

export const dynamic = "force-dynamic";

// POST /api/capsules/create — stage a draft at an outlet where the signer holds an author role
export const POST = route({ action: "capsules.create", body: ZCreateCapsuleBody, status: 201 }, async ({ body, wallet, now, request }) =>
  ZCapsuleResponse.parse(await createDraft(db(), wallet, body, now, publicOrigin(request))),
);
