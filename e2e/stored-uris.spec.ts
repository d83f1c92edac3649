import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "@/lib/db/connection";

// Issue 25 item 5: addresses stored before the scheme check (javascript:, data:) are shown as plain
// text on the reader's article page and the desk's capsule page, never as links.

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const STORED = { source: "javascript:alert('source')", evidence: "javascript:alert('evidence')", attribution: "data:text/html,<script>alert('by')</script>" };

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

let capsuleId = 0;

test.beforeAll(async () => {
  const handle = openDatabase({ sqliteFile: path.join(env("CAPSULE_E2E_DATA_DIR"), "capsule.sqlite") });
  try {
    const now = Math.floor(Date.now() / 1000);
    const slug = `old-rows-${now}`;
    const outlet = await handle.db
      .insertInto("outlets")
      .values({ slug, name: "Old Rows Gazette", domain: `${slug}.example.org`, owner_wallet: WALLET, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
    const row = await handle.db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id, outlet_slug: slug, article_slug: "ferry-timetable", title: "Ferry timetable changes in spring", language: "en", tags_json: "[]",
        body: "The ferry leaves at 7:10 from March.", metadata_uri: "ipfs://bafkreiold", content_hash: hash(1), submitter: WALLET, status: "finalized", capsule_type: "original",
        policy_id: "default", finalized_at: now, submit_tx_hash: hash(2), source_url: STORED.source, created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    capsuleId = row.id;
    await handle.db.insertInto("capsule_evidence").values({ capsule_id: row.id, uri: STORED.evidence, content_hash: hash(3), evidence_type: "document", mime_type: "text/html", is_primary: 1, label: "Harbour notice", submitted_by: WALLET, active: 1, created_at: now }).execute();
    await handle.db.insertInto("capsule_contributors").values({ capsule_id: row.id, wallet: WALLET, display_name: "Dana Desk", role: 1, contribution_type: "author", share_bps: 10000, attribution_uri: STORED.attribution, active: 1, created_at: now }).execute();
  } finally {
    await handle.close();
  }
});

async function expectNoUnsafeLink(page: Page) {
  expect(await page.locator('a[href^="javascript:" i], a[href^="data:" i], a[href*="alert(" i]').count()).toBe(0);
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/stored-uris-${name}-${width}.png`, fullPage: true });
  }
}

test("the reader's article page shows old unsafe addresses as text", async ({ page }) => {
  await page.goto(`/read/${capsuleId}`);
  await expect(page.getByRole("heading", { name: "Ferry timetable changes in spring" })).toBeVisible();
  await expect(page.getByTestId("reader-evidence-item")).toContainText("Harbour notice");
  await expect(page.getByTestId("unlinked-uri")).toHaveText(STORED.evidence);
  await expect(page.getByTestId("contributor-list")).toContainText("Dana Desk");
  // the contributor's name links to their author page only; the stored attribution address is not a link
  await expect(page.getByTestId("contributor-list").getByRole("link")).toHaveCount(1);
  await expect(page.getByTestId("contributor-author-link")).toHaveAttribute("href", /^\/authors\/0x[0-9a-fA-F]{40}$/);
  await expectNoUnsafeLink(page);
  await shots(page, "reader");
});

test("the desk's capsule page shows an old unsafe source address as text", async ({ page }) => {
  await page.goto(`/capsules/${capsuleId}`);
  await expect(page.getByText("Ferry timetable changes in spring").first()).toBeVisible();
  await expect(page.getByTestId("unlinked-uri").filter({ hasText: STORED.source })).toBeVisible();
  await expectNoUnsafeLink(page);
  await shots(page, "desk");
});
