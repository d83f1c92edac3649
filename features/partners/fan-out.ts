import "server-only";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { PartnerEventType } from "@/lib/db/tables/partners.table";
import { eventsToFanOut, markFannedOut } from "@/features/partners/partner-events.repository";
import { insertDeliveries } from "@/features/partners/partner-deliveries.repository";
import { webhooksFor } from "@/features/partners/partner-webhooks.repository";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { outletDistribution } from "@/features/distribution/distribution-inputs";

// Turns recorded events into one delivery per subscribed webhook. The outlet's distribution tier,
// read through features/distribution when the event is fanned out, sets the delivery's priority:
// Premium outlets' events are delivered first (the interface: "priority for partner streams").

const priorityOfTier: Record<string, number> = { premium: 0, elevated: 1, standard: 2 };
export const priorityOf = (tier: string): number => priorityOfTier[tier] ?? 3;

export type TierOf = (db: DbOrTrx, outlet: OutletRow, now: number) => Promise<string>;
const distributionTierOf: TierOf = async (db, outlet, now) => (await outletDistribution(db, outlet, now)).tier;

/** One pass over events not fanned out yet (up to `limit`); answers how many it fanned out. */
export async function fanOutEvents(db: Db, options: { nowMs: number; limit?: number; tierOf?: TierOf }): Promise<number> {
  const events = await eventsToFanOut(db, options.limit ?? 200);
  if (events.length === 0) return 0;
  const tierOf = options.tierOf ?? distributionTierOf;
  const nowSeconds = Math.floor(options.nowMs / 1000);
  const tiers = new Map<number, string>();
  let done = 0;
  for (const event of events) {
    let tier = "none";
    if (event.outlet_id !== null) {
      const known = tiers.get(event.outlet_id);
      if (known) tier = known;
      else {
        const outlet = await findOutletById(db, event.outlet_id);
        tier = outlet ? await tierOf(db, outlet, nowSeconds) : "none";
        tiers.set(event.outlet_id, tier);
      }
    }
    const priority = priorityOf(tier);
    const hooks = await webhooksFor(db, event.event_type as PartnerEventType);
    const wrote = await db.transaction().execute(async (trx) => {
      if (!(await markFannedOut(trx, event.id, tier, priority, nowSeconds))) return false;
      await insertDeliveries(
        trx,
        hooks.map((hook) => ({
          webhook_id: hook.id,
          event_id: event.id,
          message_id: event.message_id,
          event_type: event.event_type,
          priority,
          status: "pending" as const,
          next_attempt_at: options.nowMs,
          lease_until: null,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          delivered_at: null,
          created_at: options.nowMs,
        })),
      );
      return true;
    });
    if (wrote) done += 1;
  }
  return done;
}
