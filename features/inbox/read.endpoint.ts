import { ZInboxBody, ZInboxResponse } from "@/features/inbox/inbox.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/inbox
export const inboxRead = defineEndpoint({
  id: "inbox.read",
  method: "POST",
  path: "/api/inbox",
  summary: "The signer's inbox: what happened to its capsules and roles, newest first, with the unread count",
  description:
    "A signed read (the inbox is the wallet's own): votes opened on its capsules and their outcome, disputes opened, replies due and filed, verdicts, label changes, slashes of its outlet's bond, licences sold and licences that turned void (their payment went back to the buyer). Entries come from the activity feed (the indexed chain events and the bridge's court writes). `GET /api/live` names the wallet when its inbox changes.",
  action: "inbox.read",
  body: ZInboxBody,
  response: ZInboxResponse,
  rateLimit: ["signed-read"],
  errors: [],
  example: { body: { page: 1, limit: 20, unreadOnly: true } },
});
