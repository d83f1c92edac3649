import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { readerDesk } from "./support/reader-fixture";
import { freshWallet, juryChain } from "./support/jury-chain";
import { installTestWallet } from "./support/test-wallet";
import { axeViolations, shot, signIn, watchConsole } from "./support/page-helpers";

// The reader's and the journalist's side, thirteenth walk from a fresh start: a sample bounty's reward in a token that has
// no contract on this chain says so instead of a 24-digit count of "units"; the list of outlets says in plain words what
// the court's own entry is; and the content hash under a draft's body is busy while it is computed, never a live region
// that reads 64 hex digits aloud at every pause in typing.

const run = Date.now().toString(36).slice(-5);
const slug = `walk-thirteen-${run}`;
const owner = freshWallet();
const sha = (text: string) => `0x${createHash("sha256").update(text).digest("hex")}`;

const doneLoading = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${name} at ${width}`).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `reader-walk-thirteen-${name}-${width}`);
  }
}

test("a sample bounty's reward in a token that is not on this chain says so, and the sample note names the token", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/bounties");
  await doneLoading(page);
  const card = page.getByTestId("bounty-proposal").filter({ hasText: "bp-2026-0003" });
  await expect(card.getByTestId("bounty-reward")).toHaveText("300,000,000,000,000,000,000 base units of a token not on this network (0x2311…1AB2)");
  await expect(page.getByTestId("sample-notice")).toContainText("Their outlets, capsules and reward token do not exist on this network.");
  // the native rewards still read in CAP
  await expect(page.getByTestId("bounty-proposal").first().getByTestId("bounty-reward")).toHaveText("400 CAP");
  await card.scrollIntoViewIfNeeded();
  await atBothWidths(page, "bounty-token");
  expect(errors).toEqual([]);
});

test("the court's own entry in the list of outlets says in plain words that it is not a news outlet", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/outlets");
  await doneLoading(page);
  await expect(page.getByTestId("court-seat-note")).toHaveText("Not a news outlet: the network keeps this entry for its integrity court. It publishes no articles and has no tier.");
  await expect(page.getByText(/clerk/i)).toHaveCount(0);
  await atBothWidths(page, "court-seat");
  expect(errors).toEqual([]);
});

test("a draft's content hash is busy while computed and is no live region; once the page is done it is this text's", async ({ page }) => {
  test.setTimeout(180_000);
  const desk = readerDesk();
  await juryChain().fund(owner, "5000", "0");
  await desk.outlet(owner.key, slug, "Walk Thirteen Quay Desk");
  const body = "The quay reopens in June.\n\nThe harbour master said so.";
  const id = await desk.draft(owner.key, slug, `Quay reopens ${run}`, body);
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await doneLoading(page);
  const hash = page.getByTestId("content-hash");
  const value = hash.getByTestId("content-hash-value");
  // read at once, not polled: the wait for the page being done covers the hash
  expect(await value.textContent()).toBe(sha(body));
  await expect(value).not.toHaveAttribute("aria-live", /.*/);
  await expect(hash.locator("[aria-live]")).toHaveCount(0);

  // typed: busy again until the new text's hash is there
  await page.locator("#draft-body").press("Control+End");
  await page.keyboard.type(" Boats wait.");
  await doneLoading(page);
  expect(await value.textContent()).toBe(sha(`${body} Boats wait.`));
  await hash.scrollIntoViewIfNeeded();
  await atBothWidths(page, "draft-hash");
  expect(errors).toEqual([]);
});

test("a corrected article: its author's page says how often in words, and its versions leave no '·' hanging on a phone", async ({ page }) => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  const author = freshWallet();
  const authorSlug = `walk-thirteen-fix-${run}`;
  await juryChain().fund(author, "5000", "0");
  await desk.outlet(author.key, authorSlug, "Walk Thirteen Pier Desk");
  const original = await desk.finalized(author.key, authorSlug, `Pier tolls ${run}`, "Pier tolls rise by 3 euros.\n\nThe port decided.");
  const corrected = await desk.finalizedCorrection(author.key, original, "Pier tolls rise by 2 euros.\n\nThe port decided.", "The rise is 2 euros, not 3.");
  const errors = watchConsole(page);

  await page.goto(`/authors/${author.address}`);
  await doneLoading(page);
  await expect(page.getByRole("link", { name: "Corrected once — see what changed" })).toHaveAttribute("href", `/read/${corrected}/history`);
  await expect(page.getByText(/\(1 time\)/)).toHaveCount(0);
  await atBothWidths(page, "author-corrected");

  await page.goto(`/read/${corrected}/history`);
  await doneLoading(page);
  const versions = page.getByTestId("history-version");
  await expect(versions).toHaveCount(2);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const version of [versions.first(), versions.last()]) {
      const link = version.getByRole("link", { name: "Read this version" });
      const separator = version.getByTestId("history-separator");
      // at 1280 one line, "Finalized … · Read this version"; at 360 the link on a line of its own, and no "·" left at the line's end
      if (width === 1280) await expect(separator).toBeVisible();
      else await expect(separator).toBeHidden();
      const linkBox = await link.boundingBox();
      const dateBox = await version.getByTestId("local-time").boundingBox();
      expect(linkBox && dateBox, "the date and the link are on the page").toBeTruthy();
      if (width === 1280) expect(Math.abs(linkBox!.y + linkBox!.height / 2 - (dateBox!.y + dateBox!.height / 2))).toBeLessThan(4);
      else expect(linkBox!.y).toBeGreaterThanOrEqual(dateBox!.y + dateBox!.height - 1);
    }
  }
  await atBothWidths(page, "history");
  expect(errors).toEqual([]);
});
