import { ROLE } from "@/lib/roles/role-catalog";
import { ZCaseIdParams, ZCaseResponse } from "@/features/court/court.schema";
import { ZReplyBody } from "@/features/court/court-reply.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/reply
export const courtReply = defineEndpoint({
  id: "court.reply",
  method: "POST",
  path: "/api/court/case/:id/reply",
  summary: "The capsule's author or an Editor of its outlet files the case's reply, with evidence, within the reply window",
  description:
    "The right of reply: when a case opens, its capsule's author, the outlet's owner and its Editors get `CAPSULE_COURT_REPLY_WINDOW_SECONDS` of chain time (default 48 h) to answer. One reply per case; it may be filed until the verdict. While the window runs and no reply is filed, the court cannot record a verdict.",
  action: "court.reply",
  roles: { at: "caseCapsuleOutlet", anyOf: ["submitter", "owner", ROLE.EDITOR], what: "reply in this case" },
  params: ZCaseIdParams,
  body: ZReplyBody,
  response: ZCaseResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { reply: "The reopening date was checked against the council's notice.", evidence: [] } },
});
