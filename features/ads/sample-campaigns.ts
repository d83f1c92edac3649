// The sample campaigns loaded on first start (ensureSampleAdCampaigns). Prices in wei of CAP.

const CAP = 10n ** 18n;
const units = (n: number) => (BigInt(n) * CAP).toString();

export function sampleAdCampaigns(now: number) {
  const year = 365 * 86_400;
  return {
    campaigns: [
      {
        slug: "open-records-fund",
        advertiser: "Open Records Fund",
        name: "Support public-records requests",
        headline: "Every FOIA request makes the record better",
        body: "The Open Records Fund covers filing fees for local newsrooms. Apply in five minutes.",
        clickUrl: "https://openrecords.example.org/apply",
        targetCategories: ["politics", "investigations"],
        budget: units(5000),
        cpm: units(2),
        startsAt: now - 86_400,
        endsAt: now + year,
      },
      {
        slug: "greenline-transit",
        advertiser: "Greenline Transit",
        name: "Night bus launch",
        headline: "The N7 now runs all night",
        body: "New overnight service between the harbour and the university, every 20 minutes.",
        clickUrl: "https://greenline.example.org/n7",
        targetCategories: ["local", "transport"],
        budget: units(1200),
        cpm: units(1),
        startsAt: now - 86_400,
        endsAt: now + year / 4,
      },
      {
        slug: "ledger-bookshop",
        advertiser: "Ledger & Quill Books",
        name: "Non-fiction week",
        headline: "Twenty per cent off reporting and history",
        body: "Books by working journalists, all week at Ledger & Quill.",
        clickUrl: "https://ledgerquill.example.org/nonfiction",
        targetCategories: ["culture", "books"],
        budget: units(800),
        cpm: units(1),
        startsAt: now - 86_400,
        endsAt: null,
      },
      {
        slug: "newsroom-tools-network",
        advertiser: "Capsule Network",
        name: "Run-of-network: verify your outlet",
        headline: "Verified outlets reach more readers",
        body: "Publish the TXT record, verify your domain, and climb the distribution tiers.",
        clickUrl: "https://capsule.example.org/outlets",
        budget: units(300),
        cpm: units(1),
        startsAt: now - 86_400,
        endsAt: null,
      },
      {
        slug: "winter-market-paused",
        advertiser: "Harbour Winter Market",
        name: "Winter market (paused until November)",
        status: "paused" as const,
        headline: "Forty stalls on the quay",
        body: "Food, crafts and music every weekend in December.",
        clickUrl: "https://harbourmarket.example.org",
        targetCategories: ["local"],
        budget: units(400),
        cpm: units(1),
        startsAt: now,
        endsAt: null,
      },
    ],
  };
}
