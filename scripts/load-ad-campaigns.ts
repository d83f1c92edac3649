// Loads ad campaigns into SQL (upsert by slug, all or nothing).
//   npx tsx --import ./scripts/server-only-hook.mjs scripts/load-ad-campaigns.ts <campaigns.json>
//   npx tsx --import ./scripts/server-only-hook.mjs scripts/load-ad-campaigns.ts --sample
// The file holds { "campaigns": [ { slug, advertiser, name, status?, headline, body, clickUrl,
// targetOutlets?, targetCategories?, budget, cpm, startsAt, endsAt? } ] } (see docs/DECISIONS.md).
// Uses the same configuration as `npm start` (CAPSULE_DATA_DIR / DATABASE_URL).
import fs from "node:fs";
import { ZodError } from "zod";
import { database } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrate";
import { loadAdCampaigns } from "@/features/ads/campaigns";
import { sampleAdCampaigns } from "@/features/ads/sample-campaigns";
import { logError } from "@/lib/log";

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: load-ad-campaigns.ts <campaigns.json> | --sample");
    return 2;
  }
  const now = Math.floor(Date.now() / 1000);
  let file: unknown;
  if (arg === "--sample") {
    file = sampleAdCampaigns(now);
  } else {
    try {
      file = JSON.parse(fs.readFileSync(arg, "utf8"));
    } catch (error) {
      console.error(`cannot read ${arg}: ${(error as Error).message}`);
      return 1;
    }
  }
  const handle = database();
  try {
    await migrateToLatest(handle.db);
    const count = await loadAdCampaigns(handle.db, file, now, { sample: arg === "--sample" });
    console.log(`loaded ${count} ad campaign(s)`);
    return 0;
  } catch (error) {
    if (error instanceof ZodError) {
      for (const issue of error.issues) console.error(`invalid campaign file: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    logError("load-ad-campaigns", error);
    process.exit(1);
  },
);
