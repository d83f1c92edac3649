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
// missing id or slug answers a real 404 with a not-found page, never an error with "Try again".
// Capsule pages are the exception (a malformed id aside): a draft is private, so an unused id answers
// as a draft's page does for anyone but its author (the test below).
// A case's and an outlet's page name what is missing (the test below); the others say "Page not found".
const MISSING_PAGES: Array<[path: string, heading: string]> = [
  ["/outlets/nope", "No outlet called “nope”"],
  ["/capsules/abc", "Page not found"],
  ["/court/999999", "No court case 999999"],
  ["/court/abc", "No court case abc"],
  ["/read/999999", "Page not found"],
  ["/read/999999/history", "Page not found"],
  ["/authors/0x00000000000000000000000000000000000000a1", "Page not found"],
  ["/network/block/999999999", "Page not found"],
  [`/network/tx/0x${"0".repeat(64)}`, "Page not found"],
  ["/network/address/nope", "Page not found"],
];

test("a page about an outlet, capsule, case, article, author, block or transaction that does not exist answers 404", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [path, heading] of MISSING_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: heading, level: 1 }), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" }), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(/Page not found/);
  }
  // the feeds of a missing outlet are not pages, but they are missing too
  for (const path of ["/outlets/nope/feed.xml", "/outlets/nope/feed.json"]) expect((await page.request.get(path)).status(), path).toBe(404);
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});

test("a missing court case and a missing outlet are named on their 404 pages, with a link to their list", async ({ page }) => {
  const errors = watchConsole(page);
  const missing = [
    { path: "/court/99999", heading: "No court case 99999", text: "It may be mistyped, or the case has not been opened yet.", link: "See all court cases", list: /\/court$/, listHeading: "Integrity court", shot: "not-found-court" },
    { path: "/outlets/unknown-slug", heading: "No outlet called “unknown-slug”", text: "No outlet is registered under this name.", link: "See all outlets", list: /\/outlets$/, listHeading: "Outlets", shot: "not-found-outlet" },
  ];
  for (const subject of missing) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const response = await page.goto(subject.path);
      expect(response?.status(), subject.path).toBe(404);
      await expect(page.getByRole("heading", { name: subject.heading, level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
      await expect(page.getByRole("main")).toContainText(subject.text);
      await expect(page).toHaveTitle(/Page not found/);
      // nothing wider than a phone's screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${subject.path} at ${width}`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screenshots/${subject.shot}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: subject.link }).click();
    await expect(page).toHaveURL(subject.list);
    await expect(page.getByRole("heading", { name: subject.listHeading, level: 1 })).toBeVisible();
  }
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
    // the editor reads nothing before sign-in: it asks for a session, the same words for a draft and an unused id
    const edit = `/capsules/${capsule}/edit`;
    expect((await page.goto(edit))?.status(), edit).toBe(200);
    await expect(page.getByRole("heading", { name: `Draft #${capsule}`, level: 1 }), edit).toBeVisible();
    await expect(page.getByTestId("edit-sign-in"), edit).toHaveText("Drafts are private to the journalist who started them. Connect your wallet and sign in (in the page header) to open this draft.");
    await expect(page.getByRole("button", { name: "Try again" }), edit).toHaveCount(0);
    await expect(page.getByText("Not yet public"), edit).toHaveCount(0);
    const dispute = `/capsules/${capsule}/dispute`;
    expect((await page.goto(dispute))?.status(), dispute).toBe(200);
    await expect(page.getByRole("heading", { name: /not found/ }).first(), dispute).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" }), dispute).toHaveCount(0);
    await expect(page.getByText("Not yet public"), dispute).toHaveCount(0);
  }
  await page.goto(`/capsules/${unused}/history`);
  await page.screenshot({ path: "test-results/screenshots/not-found-capsule-history-1280.png" });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/screenshots/not-found-capsule-history-360.png" });
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});
