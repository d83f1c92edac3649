import type { z } from "zod";
import type { partnerEventTypeValues, ZDelivery } from "@/features/partners/partners.schema";
import { formatTime } from "@/components/ui/capsule-format";

// Partner webhooks in the operator's words: what a webhook is sent, and where each delivery stands.

type Delivery = Pick<z.output<typeof ZDelivery>, "status" | "attempts" | "nextAttemptAt" | "lastError" | "deliveredAt">;

export const eventTypeWords: Record<(typeof partnerEventTypeValues)[number], string> = {
  "article.finalized": "Articles as they are published",
  "article.label_changed": "Label changes from the court",
};

/** An ISO time from the bridge as the desk writes times ("28 Nov 2026, 14:05 CET"). */
export const isoTime = (iso: string | null): string => (iso === null ? "—" : formatTime(Math.floor(Date.parse(iso) / 1000)));

const tries = (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`);
const because = (error: string | null) => (error ? `: ${error}` : "");

/** One delivery's state in a short label and a sentence. */
export function deliveryWords(delivery: Delivery): { label: string; sentence: string } {
  switch (delivery.status) {
    case "delivered":
      return { label: "Delivered", sentence: `The partner accepted it on ${isoTime(delivery.deliveredAt)}${delivery.attempts > 1 ? ` after ${tries(delivery.attempts)}` : ""}.` };
    case "delivering":
      return { label: "Sending now", sentence: `Attempt ${delivery.attempts} is under way.` };
    case "failed":
      return { label: "Not delivered", sentence: `Given up after ${tries(delivery.attempts)}${because(delivery.lastError)}.` };
    case "pending":
      return delivery.attempts === 0
        ? { label: "Waiting", sentence: "Not sent yet; it goes out shortly." }
        : { label: "Retrying", sentence: `${tries(delivery.attempts)} failed${because(delivery.lastError)}. Next try ${isoTime(delivery.nextAttemptAt)}.` };
  }
}
