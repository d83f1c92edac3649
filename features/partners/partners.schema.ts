import { z } from "zod";
import { zOneLine } from "@/lib/schemas/plain-text";
import { ZAddress } from "@/features/outlets/outlets.schema";
import { pageQuery } from "@/lib/schemas/pagination";
import { zDecimalId } from "@/lib/schemas/whole-number";
import { pagedResponse, ZAddressOut } from "@/lib/schemas/primitives";
import { ZWebUrl } from "@/lib/schemas/uri";

// Partner streams (issue 29 item 3): Standard Webhooks endpoints the bridge operator registers for a partner.

export const partnerEventTypeValues = ["article.finalized", "article.label_changed"] as const;
export const deliveryStatusValues = ["pending", "delivering", "delivered", "failed"] as const;

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. */
export const ZWebhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "a Standard Webhooks secret: whsec_ followed by base64")
  .refine((value) => {
    // atob throws on what is not base64 (a wrong length, a character the pattern above also refuses): no secret then
    try {
      const bytes = atob(value.slice("whsec_".length)).length;
      return bytes >= 24 && bytes <= 64;
    } catch {
      return false;
    }
  }, "the secret must encode 24 to 64 random bytes");

export const ZRegisterWebhookBody = z
  .object({
    /** The partner's wallet: it may read the webhook's deliveries. */
    partnerWallet: ZAddress,
    url: ZWebUrl.refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), "no credentials in the URL"),
    secret: ZWebhookSecret,
    eventTypes: z.array(z.enum(partnerEventTypeValues)).min(1).max(partnerEventTypeValues.length).default([...partnerEventTypeValues]),
    description: zOneLine(1, 200).optional(),
  })
  .strict();
export type TRegisterWebhookBody = z.infer<typeof ZRegisterWebhookBody>;

export const ZWebhook = z.object({
  webhookId: z.string(),
  partnerWallet: ZAddressOut,
  url: z.string(),
  eventTypes: z.array(z.enum(partnerEventTypeValues)),
  description: z.string().nullable(),
  /** The first 16 hex digits of SHA-256 of the secret: the partner can check which secret is on file; the secret is never answered. */
  secretFingerprint: z.string(),
  createdBy: ZAddressOut,
  /** Unix seconds, as a decimal string. */
  createdAt: z.string(),
  /** Unix seconds when the operator disabled it (its URL is free again, nothing more is sent), null while enabled. */
  disabledAt: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZRegisterWebhookResponse = z.object({ ok: z.literal(true), webhook: ZWebhook });

export const ZWebhookResponse = z.object({ ok: z.literal(true), webhook: ZWebhook });
/** Disabling takes no fields. */
export const ZDisableWebhookBody = z.object({}).strict();
export const ZWebhooksQuery = pageQuery;
export type TWebhooksQuery = z.infer<typeof ZWebhooksQuery>;
export const ZWebhooksPage = pagedResponse(ZWebhook).extend({
  /** How many are enabled now, and how many may be (CAPSULE_WEBHOOK_MAX). */
  enabledCount: z.number().int(),
  enabledMax: z.number().int(),
});

export const ZWebhookParams = z.object({ id: zDecimalId("webhook id") });
export const ZDeliveriesQuery = pageQuery.extend({ status: z.enum(deliveryStatusValues).optional() });
export type TDeliveriesQuery = z.infer<typeof ZDeliveriesQuery>;

const ms = z.string().nullable().meta({ description: "ISO 8601 time, null when not yet" });
export const ZDelivery = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  /** The `webhook-id` header: the same on every attempt. */
  messageId: z.string(),
  eventType: z.enum(partnerEventTypeValues),
  capsuleId: z.string().nullable(),
  outletTier: z.string().nullable(),
  /** 0 = Premium outlet (delivered first), 1 Elevated, 2 Standard, 3 none. */
  priority: z.number().int(),
  status: z.enum(deliveryStatusValues),
  attempts: z.number().int(),
  nextAttemptAt: ms,
  lastAttemptAt: ms,
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: ms,
  createdAt: z.string(),
});
export const ZDeliveriesPage = pagedResponse(ZDelivery).extend({ webhook: ZWebhook });
