import "server-only";
import type { Db, Trx } from "@/lib/db/database";
import type { AdCampaignRow } from "@/lib/db/tables/ads.table";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { chargeCampaign, findCampaign, runningCampaigns } from "@/features/ads/ads.repository";
import { countSiteImpressions, insertImpression } from "@/features/ads/ad-impressions.repository";
import { insertLedgerRows } from "@/features/wallet/revenue-ledger.repository";
import { listContributors } from "@/features/capsules/capsules-parts.repository";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { splitRevenue } from "@/features/capsules/revenue-split";
import { config } from "@/lib/config/config";
import { isReadersVersion } from "@/features/capsules/readers-version";
import { adEligibility, campaignMatches, campaignObject } from "./campaigns";
import { readerHash, type Reader } from "./reader-hash";
import { nextImpressionCost } from "./spend";

// The ad a reader sees beside the published version of an uncontested article readers see (issue 29 item 4). An impression is
// counted once per reader, campaign and day, and charged at the campaign's CPM: the spend is kept in
// milli-wei (./spend.ts). A campaign whose next impression would pass its budget is not served. One site (an IPv6 /48,
// 65,536 readers by the /64 rule) is charged for at most CAPSULE_AD_SITE_READERS_PER_DAY readers of a campaign a day;
// past that its readers still see the ad, uncharged. What an impression costs is split between the outlet and the article's contributors by
// shareBps into the revenue ledger, in the impression's transaction.

export type SponsoredAd = { campaignId: string; advertiser: string; headline: string; body: string; clickUrl: string; sample: boolean };


/** Running campaigns that target the capsule and can pay for one more impression, least shown first. */
async function candidates(db: Db, capsule: CapsuleRow, now: number): Promise<AdCampaignRow[]> {
  const rows = (await runningCampaigns(db, now)).filter((row) => campaignMatches(campaignObject(row), capsule) && nextImpressionCost(row) !== undefined);
  return rows.sort((a, b) => a.impressions - b.impressions || a.id - b.id);
}

async function creditRevenue(trx: Trx, capsule: CapsuleRow, impressionId: number, cost: bigint, now: number, outletBps: number): Promise<void> {
  if (cost === 0n) return;
  const outlet = await findOutletById(trx, capsule.outlet_id);
  const contributors = (await listContributors(trx, capsule.id)).map((c) => ({ wallet: c.wallet, shareBps: c.share_bps }));
  const split = splitRevenue(cost, outletBps, contributors);
  const common = { source: "ad" as const, source_id: String(impressionId), capsule_id: capsule.id, outlet_slug: capsule.outlet_slug, tx_hash: null, source_key: null, created_at: now };
  await insertLedgerRows(trx, [
    ...(outlet && split.firstParty > 0n ? [{ ...common, wallet: outlet.owner_wallet, party: "outlet" as const, share_bps: 0, amount: split.firstParty.toString() }] : []),
    ...split.contributors.filter((c) => c.amount > 0n).map((c) => ({ ...common, wallet: c.wallet, party: "contributor" as const, share_bps: c.shareBps, amount: c.amount.toString() })),
  ]);
}

class Outbid extends Error {}

/**
 * The ad for `reader` on the capsule's reader page, counting (and charging) its impression; null when
 * the capsule takes no ads or no campaign can pay. Never throws for want of an ad.
 */
export async function sponsoredFor(
  db: Db,
  capsule: CapsuleRow,
  reader: Reader,
  now: number,
  outletShareBps = config().CAPSULE_AD_OUTLET_SHARE_BPS,
  siteReadersPerDay = config().CAPSULE_AD_SITE_READERS_PER_DAY,
): Promise<SponsoredAd | null> {
  if (adEligibility(capsule, await isReadersVersion(db, capsule)) !== null) return null;
  const { day, hash, siteHash } = await readerHash(db, reader, now);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [pick] = await candidates(db, capsule, now);
    if (!pick) return null;
    try {
      const row = await db.transaction().execute(async (trx) => {
        const fresh = await findCampaign(trx, pick.id);
        const cost = fresh ? nextImpressionCost(fresh) : undefined;
        if (!fresh || cost === undefined) throw new Outbid();
        if ((await countSiteImpressions(trx, fresh.id, day, siteHash)) >= siteReadersPerDay) return fresh; // shown, not charged
        const impression = await insertImpression(trx, { campaign_id: fresh.id, capsule_id: capsule.id, outlet_id: capsule.outlet_id, day, reader_hash: hash, site_hash: siteHash, cost_wei: cost.toString(), created_at: now });
        if (!impression) return fresh; // this reader saw it today: shown, not counted again
        const spent = (BigInt(fresh.spent_milliwei) + BigInt(fresh.cpm)).toString();
        if (!(await chargeCampaign(trx, fresh.id, fresh.spent_milliwei, spent))) throw new Outbid();
        await creditRevenue(trx, capsule, impression.id, cost, now, outletShareBps);
        return fresh;
      });
      return { campaignId: String(row.id), advertiser: row.advertiser, headline: row.headline, body: row.body, clickUrl: row.click_url, sample: Number(row.sample) === 1 };
    } catch (error) {
      if (!(error instanceof Outbid)) throw error;
    }
  }
  return null;
}
