import { expect, test } from "@playwright/test";
import { pathOf, queryString } from "@/lib/api/request";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { bountyHealth } from "@/features/bounty/health.endpoint";
import { bountyProposals } from "@/features/bounty/proposals.endpoint";

test("the bounty page lists proposals with their evaluations and pages forward and back", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  await page.goto("/bounties");
  await expect(page.getByRole("heading", { name: "Bounties", level: 1 })).toBeVisible();
  await expect(page.getByText("or in a reward token’s own units, with the token’s address")).toBeVisible();
  const cards = page.getByTestId("bounty-proposal");
  await expect(cards).toHaveCount(5);
  await expect(page.getByTestId("bounty-range")).toHaveText("Proposals 1–5");

  const first = cards.first();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Verify the port authority procurement figures");
  // the bundled proposals are demonstration records: marked, and their made-up outlets are not links
  await expect(page.getByTestId("sample-notice")).toContainText("Sample data.");
  await expect(first.getByTestId("sample-mark")).toHaveText("Sample data");
  await expect(first).toContainText("harbor-ledger");
  await expect(first.getByRole("link", { name: "harbor-ledger" })).toHaveCount(0);
  await expect(first.getByTestId("bounty-status")).toHaveText("Settled");
  await expect(first.getByTestId("bounty-reward")).toHaveText("400 CAP");
  await expect(first.getByTestId("bounty-evaluation")).toHaveCount(2);
  await expect(first.getByTestId("bounty-evaluation").first()).toContainText("92/100");
  await expect(first.getByTestId("bounty-evaluation").first()).toContainText("Approve");
  await expect(cards.nth(2).getByTestId("bounty-reward")).toHaveText("300,000,000,000,000,000,000 base units of a token not on this network (0x2311…1AB2)");
  await expect(cards.nth(3)).toContainText("No evaluations yet.");
  const previous = page.getByRole("button", { name: "← Previous" });
  const next = page.getByRole("button", { name: "Next →" });
  await expect(previous).toBeDisabled();
  await shot("bounties");

  await next.click();
  await expect(page.getByTestId("bounty-range")).toHaveText("Proposals 6–10");
  await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText("Audit the outlet's 2026 correction log for completeness");
  await expect(cards.nth(1).getByTestId("bounty-status")).toHaveText("Rejected");
  await expect(cards.nth(1).getByTestId("bounty-evaluation")).toHaveCount(3);

  await next.click();
  await expect(page.getByTestId("bounty-range")).toHaveText("Proposals 11–12");
  await expect(cards).toHaveCount(2);
  await expect(next).toBeDisabled();
  await shot("bounties-last-page");

  await previous.click();
  await expect(page.getByTestId("bounty-range")).toHaveText("Proposals 6–10");
  await previous.click();
  await expect(page.getByTestId("bounty-range")).toHaveText("Proposals 1–5");
  await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText("Verify the port authority procurement figures");
  await expect(previous).toBeDisabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await shot("bounties-phone");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot("bounties-360");
  expect(consoleErrors).toEqual([]);

  async function shot(name: string) {
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  }
});

test("the same-origin bounty proxy forwards reads and refuses writes", async ({ request }) => {
  const page = await request.get(`${pathOf(bountyProposals)}${queryString({ limit: 2, offset: 1 })}`);
  expect(page.status()).toBe(200);
  const body = (await page.json()) as { items: Array<{ id: string }>; limit: number; offset: number };
  expect(body).toMatchObject({ limit: 2, offset: 1 });
  expect(body.items.map((p) => p.id)).toEqual(["bp-2026-0002", "bp-2026-0003"]);
  expect(body.items.every((p) => (p as { sample?: boolean }).sample === true)).toBe(true);

  const evaluations = await request.get(`${pathOf(bountyEvaluations)}${queryString({ proposalId: "bp-2026-0002" })}`);
  expect(((await evaluations.json()) as { items: unknown[] }).items).toHaveLength(3);

  const health = await request.get(pathOf(bountyHealth));
  expect(await health.json()).toEqual({ status: "ok", service: "capsule-bounty", proposals: 12, evaluations: 20 });

  // the proxy's own refusals are the bridge's error body (the service's pages pass through unchanged)
  const post = await request.post(pathOf(bountyProposals), { data: {} });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect(await post.json()).toMatchObject({ ok: false, error: "METHOD_NOT_ALLOWED", statusCode: 405 });

  const unknown = await request.get(pathOf(bountyProposals).replace("bounty-proposals", "elsewhere"));
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ ok: false, error: "NOT_FOUND", statusCode: 404 });
});
