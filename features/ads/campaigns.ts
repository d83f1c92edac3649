import type { Kysely } from "kysely";
import type { Db, DB } from "@/lib/db/database";
import type { AdCampaignRow, NewAdCampaign } from "@/lib/db/tables/ads.table";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { countCampaigns, listCampaigns, runningCampaigns, upsertCampaigns } from "@/features/ads/ads.repository";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { distributionActive } from "@/features/distribution/distribution-active";
import { isReadersVersion } from "@/features/capsules/readers-version";
import { pageOf, pageOffset } from "@/lib/schemas/pagination";
import { ZCampaignFile, type TCampaign, type TCampaignInput, type TListCampaignsQuery } from "@/features/ads/ads.schema";
import { sampleAdCampaigns } from "./sample-campaigns";
import { nextImpressionCost, spentWei } from "./spend";

export function campaignObject(row: AdCampaignRow): TCampaign {
  return {
    campaignId: String(row.id),
    slug: row.slug,
    advertiser: row.advertiser,
    name: row.name,
    status: row.status,
    headline: row.headline,
    body: row.body,
    clickUrl: row.click_url,
    targetOutlets: JSON.parse(row.target_outlets_json) as string[],
    targetCategories: JSON.parse(row.target_categories_json) as string[],
    budget: row.budget,
    cpm: row.cpm,
    startsAt: String(row.starts_at),
    endsAt: row.ends_at === null ? null : String(row.ends_at),
    createdAt: String(row.created_at),
    sample: Number(row.sample) === 1,
    spent: spentWei(row).toString(),
    impressions: Number(row.impressions),
    exhausted: nextImpressionCost(row) === undefined,
  };
}

/** GET /api/ads/campaigns */
export async function campaignPage(db: Db, query: TListCampaignsQuery) {
  const { rows, total } = await listCampaigns(db, { status: query.status, offset: pageOffset(query), limit: query.limit });
  return pageOf(rows.map(campaignObject), query, total);
}

/** Brand safety: no ads beside a capsule the court found misleading or fraudulent, nor while a case is open. */
const noAdLabels = new Set(["misleading", "fraudulent", "contested"]);

/**
 * Why the capsule takes no ads (null: it does). `readersVersion`: it is the version readers see
 * (features/capsules/readers-version.ts): finalized, or superseded by a correction that was then rejected.
 */
export function adEligibility(capsule: Pick<CapsuleRow, "status" | "integrity_label">, readersVersion: boolean): string | null {
  if (!readersVersion) return `capsule is ${capsule.status}; ads run only beside the published version readers see`;
  if (noAdLabels.has(capsule.integrity_label)) return `capsule is labelled ${capsule.integrity_label}`;
  return null;
}

/** A campaign matches when every non-empty target list contains the capsule's outlet / category. */
export function campaignMatches(campaign: TCampaign, capsule: Pick<CapsuleRow, "outlet_slug" | "category">): boolean {
  const category = capsule.category?.trim().toLowerCase() ?? null;
  const outletOk = campaign.targetOutlets.length === 0 || campaign.targetOutlets.includes(capsule.outlet_slug);
  const categoryOk = campaign.targetCategories.length === 0 || (category !== null && campaign.targetCategories.includes(category));
  return outletOk && categoryOk;
}

/** GET /api/ads/:capsuleId and /api/capsules/:id/ads */
export async function capsuleAds(db: Db, capsuleId: number, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const readersVersion = await isReadersVersion(db, capsule);
  const reason = adEligibility(capsule, readersVersion);
  const items = reason ? [] : (await runningCampaigns(db, now)).map(campaignObject).filter((c) => campaignMatches(c, capsule));
  return {
    ok: true as const,
    capsuleId: String(capsule.id),
    outletSlug: capsule.outlet_slug,
    category: capsule.category,
    integrityLabel: capsule.integrity_label,
    distributionActive: distributionActive(capsule, readersVersion),
    eligible: reason === null,
    reason,
    items,
  };
}

const toRow = (input: TCampaignInput, now: number, sample: boolean): NewAdCampaign => ({
  slug: input.slug,
  advertiser: input.advertiser,
  name: input.name,
  status: input.status,
  headline: input.headline,
  body: input.body,
  click_url: input.clickUrl,
  target_outlets_json: JSON.stringify(input.targetOutlets),
  target_categories_json: JSON.stringify(input.targetCategories),
  budget: input.budget,
  cpm: input.cpm,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  created_at: now,
  updated_at: now,
  sample: sample ? 1 : 0,
});

/**
 * Validates a loader file (`{ campaigns: [...] }`) and upserts every campaign by slug, all or nothing.
 * `sample` marks them as demonstration campaigns (served with `sample: true`).
 */
export async function loadAdCampaigns(db: Kysely<DB>, file: unknown, now = Math.floor(Date.now() / 1000), options: { sample?: boolean } = {}): Promise<number> {
  const parsed = ZCampaignFile.parse(file);
  return db.transaction().execute((trx) => upsertCampaigns(trx, parsed.campaigns.map((c) => toRow(c, now, options.sample ?? false))));
}

/** Loads the sample campaigns (marked sample) when the table is empty; true when it did. scripts/start.ts calls it
 *  only when sampleDataWanted() (bundled anvil or CAPSULE_DEMO_DATA=1). */
export async function ensureSampleAdCampaigns(db: Kysely<DB>, now = Math.floor(Date.now() / 1000)): Promise<boolean> {
  if ((await countCampaigns(db)) > 0) return false;
  await loadAdCampaigns(db, sampleAdCampaigns(now), now, { sample: true });
  return true;
}
