import { expect, test, type Page } from "@playwright/test";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { pathOf } from "@/lib/api/request";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";

// A part of a page still being read says so: a busy status region named for what it reads (a screen reader hears
// it; the browser tests wait for the busy regions to clear), replaced by the answer when it comes.

/** Holds the answers of requests to `path` until the returned function is called. */
async function holdAnswers(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a proposal's evaluations say they are loading until they come", async ({ page }) => {
  const release = await holdAnswers(page, pathOf(bountyEvaluations));
  await page.goto("/bounties");
  const loading = page.getByRole("status", { name: "Loading the evaluations" });
  await expect(loading.first()).toBeVisible();
  await expect(loading.first()).toHaveAttribute("aria-busy", "true");
  release();
  await expect(loading).toHaveCount(0);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
});

test("an outlet's members say they are loading until they come", async ({ page }) => {
  const release = await holdAnswers(page, pathOf(outletUsers, { slug: COURT_OUTLET_SLUG }));
  await page.goto(`/outlets/${COURT_OUTLET_SLUG}`);
  const loading = page.getByRole("status", { name: "Loading the members" });
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute("aria-busy", "true");
  release();
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Members and roles" })).toBeVisible();
});

test("the network page's contract addresses say they are loading until they come", async ({ page }) => {
  const release = await holdAnswers(page, pathOf(contractsSummary));
  await page.goto("/network");
  const loading = page.getByRole("status", { name: "Loading the contract addresses" });
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute("aria-busy", "true");
  release();
  await expect(loading).toHaveCount(0);
  await expect(page.getByTestId("contract-rows")).toBeVisible();
});
