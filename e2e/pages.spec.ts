import { expect, test, type Page } from "@playwright/test";
import { shot, watchConsole } from "./support/page-helpers";

// A smoke pass over the read-only pages: each loads its data (no skeleton left, no error notice),
// shows it, and logs no console error — on a desktop and a phone viewport.

async function loaded(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/could not be loaded|is unavailable/)).toHaveCount(0);
}

const pages: Array<{ path: string; heading: string; check: (page: Page) => Promise<void> }> = [
  {
    path: "/distribution",
    heading: "Distribution tiers",
    check: async (page) => {
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);
      await expect(page.getByTestId("distribution-outlet").first().or(page.getByTestId("distribution-empty"))).toBeVisible();
    },
  },
  {
    path: "/rights",
    heading: "Rights and licences",
    check: async (page) => {
      await expect(page.getByTestId("listing-rows").or(page.getByTestId("listings-empty"))).toBeVisible();
      await expect(page.getByRole("form", { name: "List rights" })).toBeVisible();
    },
  },
  {
    path: "/burn",
    heading: "Burn pool",
    check: async (page) => {
      await expect(page.getByTestId("burn-pool-size")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      await expect(page.getByTestId("burn-next-date")).not.toHaveText("");
      await expect(page.getByTestId("burn-last-amount")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      await expect(page.getByTestId("burn-total")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      const split = page.getByTestId("fee-split").getByRole("row");
      await expect(split).toHaveCount(6);
      await expect(split.filter({ hasText: "Burn pool" })).toContainText("20%");
      await expect(split.filter({ hasText: "Burn pool" })).toContainText("6 CAP");
    },
  },
  {
    path: "/operator",
    heading: "Operator",
    check: async (page) => {
      await expect(page.getByTestId("meta-chain-id")).toHaveText("77117002 (0x498b64a)");
      await expect(page.getByTestId("meta-contracts").getByRole("listitem")).toHaveCount(12);
      await expect(page.getByText("CAPSULE_OPERATOR_KEY", { exact: true })).toBeVisible();
      await expect(page.getByText("VoteCast", { exact: true })).toBeVisible();
    },
  },
  {
    path: "/bounties",
    heading: "Bounties",
    check: async (page) => {
      await expect(page.getByTestId("bounty-proposal")).toHaveCount(5);
    },
  },
  {
    path: "/court",
    heading: "Integrity court",
    check: async (page) => {
      await expect(page.getByTestId("case-rows").or(page.getByTestId("cases-empty"))).toBeVisible();
    },
  },
];

for (const entry of pages) {
  test(`${entry.path} loads its data without console errors`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(entry.path);
    await expect(page.getByRole("heading", { name: entry.heading, level: 1, exact: true })).toBeVisible();
    await loaded(page);
    await entry.check(page);
    const name = `page${entry.path.replace(/\//g, "-")}`;
    await shot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await loaded(page);
    await shot(page, `${name}-phone`);
    expect(errors).toEqual([]);
  });
}

test("the site navigation reaches the court, distribution, rights and burn pages", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [link, heading] of [
    ["Court", "Integrity court"],
    ["Distribution", "Distribution tiers"],
    ["Rights", "Rights and licences"],
    ["Burn pool", "Burn pool"],
  ] as const) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { name: heading, level: 1, exact: true })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
