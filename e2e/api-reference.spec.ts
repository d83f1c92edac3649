import { expect, test, type Page } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { endpointList } from "@/features/registry";
import { axeOf, watchConsole } from "./support/page-helpers";

// The API reference at /docs/api: Swagger UI renders GET /api/openapi.json; the renderer's files
// come from this server (swagger-ui-dist), and the page asks nothing of any other host.

test("the API reference renders every operation from the served OpenAPI document, fetching nothing from elsewhere", async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/operator");
  await page.getByRole("link", { name: "the API reference" }).click();
  await page.waitForURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();

  const reference = page.getByTestId("api-reference");
  await expect(reference.locator(".opblock")).toHaveCount(endpointList.length, { timeout: 60_000 });
  await expect(reference.getByText("Capsule bridge API")).toBeVisible();
  // Swagger UI's own <h1> title is demoted: the page keeps exactly one level-1 heading
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/api-reference.png" });
  const vote = reference.locator(".opblock-post", { hasText: capsuleVote.path.replace(":id", "{id}") });
  await expect(vote).toHaveCount(1);
  await vote.locator(".opblock-summary").first().click();
  await expect(vote).toContainText(capsuleVote.action);
  await expect(vote).toContainText("FORBIDDEN, INSUFFICIENT_BOND");
  await vote.screenshot({ path: "test-results/screenshots/api-reference-vote.png" });

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "test-results/screenshots/api-reference-phone.png" });
  await vote.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/api-reference-vote-phone.png" });

  const origin = new URL(baseURL ?? "").origin;
  const foreign = requested.filter((url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
  expect(requested).toContain(`${origin}${pathOf(openApiDocument)}`);
  expect(requested.some((url) => url.endsWith("/docs/api/assets/swagger-ui-bundle.js"))).toBe(true);
  expect(errors).toEqual([]);
});

/** Serious or critical axe findings (WCAG 2.1 A/AA and best practice) on the whole page, Swagger UI's markup included. */
async function seriousViolations(page: Page) {
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("the API reference passes axe with an operation, its try-out form and the schemas open, at 1280 and 360 px", async ({ page }) => {
  test.setTimeout(360_000); // axe over every operation and schema is slow on a loaded machine
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/docs/api");
  const reference = page.getByTestId("api-reference");
  await expect(reference.locator(".opblock")).toHaveCount(endpointList.length, { timeout: 60_000 });
  // closed: one main landmark (Swagger UI's own <main> is a named region) and no link inside an expand button
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Operations" })).toHaveCount(1);
  await expect(reference.locator(".opblock-summary-control a[href]")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // open: a read with its try-out form (Cancel, Execute), a write with its body schema, and the schemas section
  const read = reference.locator(".opblock-get").first();
  await read.locator(".opblock-summary-control").click();
  await read.getByRole("button", { name: "Try it out" }).click();
  await expect(read.getByRole("button", { name: "Execute" })).toBeVisible();
  const write = reference.locator(".opblock-post").first();
  await write.locator(".opblock-summary-control").click();
  await expect(write.locator(".opblock-body")).toBeVisible();
  await reference.getByRole("button", { name: "Schemas" }).click();
  await expect(reference.getByRole("button", { name: "ErrorBody" })).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `${width} px`).toEqual([]);
  }
  await page.screenshot({ path: "test-results/screenshots/api-reference-open-360.png", fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await read.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/api-reference-open-1280.png", fullPage: false });
  expect(errors).toEqual([]);
});
