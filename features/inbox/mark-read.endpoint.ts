import { ZMarkReadBody, ZMarkReadResponse } from "@/features/inbox/inbox.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/inbox/mark-read
export const inboxMarkRead = defineEndpoint({
  id: "inbox.mark_read",
  method: "POST",
  path: "/api/inbox/mark-read",
  summary: "Marks the signer's inbox read up to an entry (or all of it); answers the unread count left",
  action: "inbox.mark_read",
  body: ZMarkReadBody,
  response: ZMarkReadResponse,
  rateLimit: ["signed-write"],
  errors: [],
  example: { body: { upToId: "42" } },
});
