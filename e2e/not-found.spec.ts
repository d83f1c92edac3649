import { expect, test } from "@playwright/test";
import { watchConsole } from "./support/page-helpers";

// An address no page claims: a 404 page in the site's frame with a way back (it also counts toward
// the public GET limit, tested in test/registry/wrapper-hardening.test.ts).

test("an unknown address answers 404 with a readable page and a link home", async ({ page }) => {
  const errors = watchConsole(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    // wide: the site navigation; on a phone it sits behind the Menu button
    if (width > 640) await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    else await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/not-found-${width}.png` });
  }
  await page.getByRole("link", { name: "Back to the front page" }).click();
  await expect(page.getByRole("heading", { name: "Latest articles" })).toBeVisible();
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});

test("the parents of a capsule's and an article's address lead to their lists, not to a 404", async ({ page }) => {
  const errors = watchConsole(page);
  // a journalist trimming /capsules/12 to /capsules lands on the newsroom's list; a reader trimming /read/12, on the front page
  await page.goto("/capsules");
  await expect(page).toHaveURL(/\/newsroom$/);
  await expect(page.getByRole("heading", { name: "Newsroom", level: 1 })).toBeVisible();
  await page.goto("/read");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Latest articles" })).toBeVisible();
  expect(errors).toEqual([]);
});
