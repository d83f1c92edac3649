import { z } from "zod";
import { ZRoleOfferStatus } from "@/features/roles/roles.schema";
import { pagedResponse } from "@/lib/schemas/primitives";
import { zDecimalId } from "@/lib/schemas/whole-number";

// The wallet's inbox (issue 13): what happened to its capsules and roles, from the activity feed.

export const inboxKinds = [
  "capsule.submitted",
  "capsule.finalized",
  "capsule.rejected",
  "inbox.dispute_opened",
  "inbox.reply_due",
  "inbox.reply_filed",
  "inbox.verdict",
  "inbox.label_changed",
  "inbox.jury_summoned",
  "inbox.jury_period",
  "inbox.case_retired",
  "inbox.case_reopened",
  "court.penalty",
  "rights.licence_sold",
  "inbox.licence_void",
  "inbox.licence_sale_void",
  "inbox.role_offered",
  "inbox.role_revoked",
  "inbox.ownership_offered",
  "inbox.ownership_declined",
  "inbox.ownership_transferred",
  "inbox.offer_closed",
] as const;

export const ZInboxBody = z
  .object({
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20),
    unreadOnly: z.boolean().default(false),
  })
  .strict();

export const ZMarkReadBody = z
  .object({
    /** Marks every entry up to this id read (the newest shown); absent: everything so far. */
    upToId: zDecimalId("inbox entry id").optional(),
  })
  .strict();

export const ZInboxItem = z.object({
  id: z.string(),
  kind: z.enum(inboxKinds),
  /** One sentence, amounts in CAP. */
  message: z.string(),
  capsuleId: z.string().nullable(),
  caseId: z.string().nullable(),
  outletSlug: z.string().nullable(),
  txHash: z.string().nullable(),
  at: z.string(),
  unread: z.boolean(),
  /** A role or ownership offer's entry: how the offer stands now ("pending" while it may be answered); null for other entries. */
  offerStatus: ZRoleOfferStatus.nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZInboxResponse = pagedResponse(ZInboxItem).extend({
  wallet: z.string(),
  unreadCount: z.number().int(),
  /** The wallet's newest role revocation by another wallet, on whatever page it lies; null when none. */
  lastRoleRevocation: ZInboxItem.nullable(),
});

export const ZMarkReadResponse = z.object({ ok: z.literal(true), wallet: z.string(), lastReadId: z.string(), unreadCount: z.number().int() });
