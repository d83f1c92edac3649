import { expect, test } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { endpointList } from "@/features/registry";
import { watchConsole } from "./support/page-helpers";

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
