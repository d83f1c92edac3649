import { expect, test } from "@playwright/test";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDesk } from "./support/capsule-desk";
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

// Every dynamic page asks the database (or the chain) on the server whether its subject exists: a
// missing id or slug answers a real 404 with the group's not-found page, never an error with "Try again".
// Capsule pages are the exception (a malformed id aside): a draft is private, so an unused id answers
// as a draft's page does for anyone but its author (the test below).
const MISSING_PAGES = [
  "/outlets/nope",
  "/capsules/abc",
  "/court/999999",
  "/court/abc",
  "/read/999999",
  "/read/999999/history",
  "/authors/0x00000000000000000000000000000000000000a1",
  "/network/block/999999999",
  `/network/tx/0x${"0".repeat(64)}`,
  "/network/address/nope",
];

test("a page about an outlet, capsule, case, article, author, block or transaction that does not exist answers 404", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of MISSING_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 }), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" }), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(/Page not found/);
  }
  // the feeds of a missing outlet are not pages, but they are missing too
  for (const path of ["/outlets/nope/feed.xml", "/outlets/nope/feed.json"]) expect((await page.request.get(path)).status(), path).toBe(404);
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});

test("a draft's pages and an unused id's answer alike to anyone else: no such capsule, without a retry", async ({ page }) => {
  test.setTimeout(120_000);
  const desk = capsuleDesk();
  const AUTHOR = 1;
  const slug = `hidden-${Date.now().toString(36)}`;
  await desk.activeOutlet(AUTHOR, slug, "The Hidden Desk");
  const draft = await desk.call(capsuleCreate, { body: { title: "Not yet public", body: "A draft nobody else may read.", outletSlug: slug } }, AUTHOR);
  const id = String(draft.capsule.id);
  const errors = watchConsole(page);
  // the server render has no session, so it cannot tell the author from anyone else: the page loads and
  // the browser's read (anonymous here) answers like an unused id, and an unused id's page is the same
  // page with the same status, so nobody learns which ids are drafts
  const unused = String(Number(id) + 500_000);
  for (const capsule of [id, unused]) {
    for (const path of [`/capsules/${capsule}`, `/capsules/${capsule}/history`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: "Capsule not found", level: 1 }), path).toBeVisible();
      await expect(page.getByText(`There is no capsule #${capsule} you can see without signing in`), path).toBeVisible();
      await expect(page.getByRole("button", { name: "Try again" }), path).toHaveCount(0);
      await expect(page.getByText("Not yet public"), path).toHaveCount(0);
    }
    for (const path of [`/capsules/${capsule}/edit`, `/capsules/${capsule}/dispute`]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: /not found/ }).first(), path).toBeVisible();
      await expect(page.getByRole("button", { name: "Try again" }), path).toHaveCount(0);
      await expect(page.getByText("Not yet public"), path).toHaveCount(0);
    }
  }
  await page.goto(`/capsules/${unused}/history`);
  await page.screenshot({ path: "test-results/screenshots/not-found-capsule-history-1280.png" });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/screenshots/not-found-capsule-history-360.png" });
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});
