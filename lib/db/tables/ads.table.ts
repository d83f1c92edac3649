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
}

export interface AdTables {
  ad_campaigns: AdCampaignTable;
}

export type AdCampaignRow = Selectable<AdCampaignTable>;
export type NewAdCampaign = Insertable<AdCampaignTable>;
