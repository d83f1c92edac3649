import { expect, test, type Browser } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { outletList } from "@/features/outlets/list.endpoint";
import { capsuleDesk } from "./support/capsule-desk";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, selectInBody, signIn } from "./support/page-helpers";

// A page's read is refreshed behind the visitor's back (after a save, a push, a poll). When that refresh
// fails, what the page showed stays, under a notice, instead of being replaced by the error: the draft's
// editor with the words not yet saved, a transaction being followed.

const AUTHOR = 1;
const slug = `refresh-${Date.now().toString(36)}`;
const body = "The council met on Tuesday. It approved the budget by seven votes to two.";
const desk = capsuleDesk();
const unavailable = JSON.stringify({ ok: false, error: "UNAVAILABLE", message: "The server is restarting; try again shortly.", statusCode: 503 });
/** The page's reads older than react-query's five seconds of freshness, so coming back online reads them again. */
const STALE_AFTER_MS = 5_500;
let draftId = "";

test.beforeAll(async () => {
  await desk.activeOutlet(AUTHOR, slug, "The Refresh Desk");
  const created = await desk.call(capsuleCreate, { body: { title: "Council approves the budget", body, outletSlug: slug } }, AUTHOR);
  draftId = created.capsuleId;
});

/** The author's desk in a browser of its own, signed in from the newsroom. */
async function signedInAuthor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await installTestWallet(page, AUTHOR);
  await page.goto("/newsroom");
  await signIn(page);
  return { context, page };
}

test("a failed refresh keeps the draft's editor and the words not yet saved", async ({ browser }) => {
  const { context, page } = await signedInAuthor(browser);
  await page.getByTestId("my-drafts").getByRole("link", { name: "Council approves the budget" }).click();
  await page.waitForURL(new RegExp(`/capsules/${draftId}/edit$`));
  const title = page.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue("Council approves the budget");
  await title.fill("Council approves the budget after a long night");

  // from now on the server cannot answer the draft's read; saving a claim makes the page read it again
  const draftRead = pathOf(capsuleRead, { id: draftId });
  const isDraftRead = (url: URL) => url.pathname === draftRead;
  await page.route(isDraftRead, (route) => route.fulfill({ status: 503, contentType: "application/json", body: unavailable }));
  await selectInBody(page, "seven votes to two");
  const claims = page.getByTestId("claims-editor");
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  const form = claims.getByRole("group", { name: "New claim" });
  await form.getByLabel("Kind of claim").selectOption("statistic");
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(form).toBeHidden();

  const notice = page.getByTestId("refresh-failed");
  await expect(notice).toContainText("The draft could not be refreshed. What you write stays in the editor, and the editor says whether it was saved.", { timeout: 15_000 });
  await expect(notice).toContainText("The server is restarting; try again shortly.");
  await expect(page.getByText("The draft could not be loaded")).toHaveCount(0);
  await expect(title).toHaveValue("Council approves the budget after a long night");
  await bothWidths(page, "refresh-failed-draft", "desk");

  // the server answers again: another try clears the notice, and the words typed are still there
  await page.unroute(isDraftRead);
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(notice).toHaveCount(0);
  await expect(title).toHaveValue("Council approves the budget after a long night");
  await context.close();
});

test("coming back online with the server still away keeps the capsule's page and the outlets' list", async ({ browser }) => {
  const { context, page } = await signedInAuthor(browser);
  await page.goto(`/capsules/${draftId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Council approves the budget");

  const capsuleAt = pathOf(capsuleRead, { id: draftId });
  const outletsAt = pathOf(outletList);
  const away = (url: URL) => url.pathname === capsuleAt || url.pathname === outletsAt;
  await page.waitForTimeout(STALE_AFTER_MS);
  await page.route(away, (route) => route.fulfill({ status: 503, contentType: "application/json", body: unavailable }));
  await context.setOffline(true);
  await context.setOffline(false);
  const notice = page.getByTestId("refresh-failed");
  await expect(notice).toContainText("The capsule could not be refreshed; this shows what was read at", { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Council approves the budget");
  await expect(page.getByText("The capsule could not be loaded")).toHaveCount(0);

  // a list: its rows stay under the notice
  await page.unroute(away);
  await page.goto("/outlets");
  // other tests' outlets may come first: the rows shown are whatever the first page held
  const rows = page.getByTestId("outlet-rows").getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.allInnerTexts();
  await page.waitForTimeout(STALE_AFTER_MS);
  await page.route(away, (route) => route.fulfill({ status: 503, contentType: "application/json", body: unavailable }));
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(notice).toContainText("The outlets could not be refreshed", { timeout: 15_000 });
  expect(await rows.allInnerTexts()).toEqual(shown);
  await expect(page.getByText("Outlets could not be loaded")).toHaveCount(0);
  await bothWidths(page, "refresh-failed-outlets", "desk");
  await context.close();
});
