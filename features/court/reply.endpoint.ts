import { ROLE } from "@/lib/roles/role-catalog";
import { ZCaseIdParams, ZCaseResponse } from "@/features/court/court.schema";
import { ZReplyBody } from "@/features/court/court-reply.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/reply
export const courtReply = defineEndpoint({
  id: "court.reply",
  method: "POST",
  path: "/api/court/case/:id/reply",
  summary: "A clerk case's reply: the capsule's author or an Editor of its outlet files it, with evidence, within the reply window (jury cases take evidence instead)",
  description:
    "The right of reply of a clerk case (opened before the jury court; retired at start): its capsule's author, the outlet's owner and its Editors answer within `CAPSULE_COURT_REPLY_WINDOW_SECONDS` of chain time (default 48 h), once per case, while it is open. A case decided by a jury takes no reply (409 INVALID_STATE): the outlet answers with its evidence in the evidence period (POST /api/court/case/:id/evidence).",
  action: "court.reply",
  roles: { at: "caseCapsuleOutlet", anyOf: ["submitter", "owner", ROLE.EDITOR], what: "reply in this case" },
  params: ZCaseIdParams,
  body: ZReplyBody,
  response: ZCaseResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { reply: "The reopening date was checked against the council's notice.", evidence: [] } },
});
