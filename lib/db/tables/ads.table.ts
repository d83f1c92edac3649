import type { Generated, Insertable, Selectable } from "kysely";

export type CampaignStatus = "active" | "paused" | "ended";

/** An ad campaign loaded by the operator; targets capsules by outlet slug and/or category. */
export interface AdCampaignTable {
  id: Generated<number>;
  slug: string;
  advertiser: string;
  name: string;
  status: CampaignStatus;
  headline: string;
  body: string;
  click_url: string;
  /** JSON arrays of strings; empty = any outlet / any category. */
  target_outlets_json: string;
  target_categories_json: string;
  /** wei, decimal strings */
  budget: string;
  cpm: string;
  starts_at: number;
  ends_at: number | null;
  created_at: number;
  updated_at: number;
  /** 1 for the bundled demonstration campaigns (migration 2026-11-24-0510). */
  sample: Generated<number>;
  /** Σ CPM of the charged impressions, milli-wei as a decimal string (spent wei = ⌊this / 1000⌋; migration 2026-11-29-0510). */
  spent_milliwei: Generated<string>;
  /** Impressions charged to the budget. */
  impressions: Generated<number>;
}

/** The key of one UTC day that readers' hashes are made with; deleted once the day is over. */
export interface AdReaderKeyTable {
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** 32 random bytes, hex. */
  secret: string;
  created_at: number;
}

/** One reader seeing one campaign on one day (counted and charged once). */
export interface AdImpressionTable {
  id: Generated<number>;
  campaign_id: number;
  capsule_id: number;
  outlet_id: number;
  day: string;
  /** HMAC-SHA256 of the reader's network (an IPv6 one by its /64) under the day's key; never the address. */
  reader_hash: string;
  /** HMAC-SHA256 of the reader's site (an IPv6 /48; an IPv4 address whole) under the same key; NULL on older rows. */
  site_hash: Generated<string | null>;
  /** wei charged for it (its share of the CPM), decimal string */
  cost_wei: string;
  created_at: number;
}

export interface AdTables {
  ad_campaigns: AdCampaignTable;
  ad_reader_keys: AdReaderKeyTable;
  ad_impressions: AdImpressionTable;
}

export type AdCampaignRow = Selectable<AdCampaignTable>;
export type NewAdCampaign = Insertable<AdCampaignTable>;
export type AdImpressionRow = Selectable<AdImpressionTable>;
export type NewAdImpression = Insertable<AdImpressionTable>;
