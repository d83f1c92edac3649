import { expect, test, type Page } from "@playwright/test";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { publishTxt } from "./support/dns-server";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { outletNameOfRun } from "./support/outlet-names";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// Desk walk, eleventh round (a fresh clone walked as an outlet's owner and its journalist): the outlet page offers its
// feeds once the outlet becomes active while the page is open; a new draft says beside the empty display name, and
// beside Submit, that the name is what Submit waits for; the author page of a wallet that gave itself no name says
// what its articles' bylines say; and the journalist's whole path (draft, submit, vote, close, correction) at 1280
// and 360 px, without console errors, sideways scrolling or axe findings.

const jury = juryChain();
const desk = readerDesk();
const stamp = Date.now().toString(36);
const WINDOW_SECONDS = 259_200;

const doneLoading = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test("an outlet that becomes active while its page is open offers its feed without a reload", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk11f-${stamp}`;
  const domain = `${slug}.example.net`;
  const created = await desk.call(outletCreate, { body: { slug, name: outletNameOfRun("The Eleventh Walk Feed Post"), domain } }, owner.key);
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  await doneLoading(page);
  await expect(page.getByTestId("outlet-status")).toHaveText("Pending");
  await expect(page.getByTestId("outlet-no-feed")).toHaveText("No feed until the outlet is active");

  // the owner publishes the record and checks it here: the badge and the feed part follow the same read
  publishTxt(domain, [created.txtRecord.value]);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("outlet-status")).toHaveText("Active");
  await expect(page.getByTestId("outlet-no-feed")).toHaveCount(0);
  await expect(page.getByTestId("outlet-feeds").getByRole("link", { name: "Atom feed" })).toHaveAttribute("href", `/outlets/${slug}/feed.xml`);
  await doneLoading(page);
  expect((await page.request.get(`/outlets/${slug}/feed.xml`)).status()).toBe(200);
  await bothWidths(page, "outlet-activated-feed", "walk-eleven");
  expect(errors).toEqual([]);
});

test("the author page of a wallet without a name says what its article's byline says", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk11a-${stamp}`;
  const outletName = await desk.outlet(owner.key, slug, "The Eleventh Walk Author Post");
  // made over the API without a contributors list: the submitter is credited under its address
  const id = await desk.finalized(owner.key, slug, `Ferry timetable ${stamp}`, "The ferry timetable changes.\n\nThe port said so on Monday.");
  const errors = watchConsole(page);
  await page.goto(`/read/${id}`);
  const byline = page.getByTestId("byline-author");
  await expect(byline).toHaveText(`an editor at ${outletName}`);
  await byline.click();
  await page.waitForURL(new RegExp(`/authors/${owner.address}$`, "i"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`An editor at ${outletName}`);
  await expect(page).toHaveTitle(new RegExp(`^An editor at ${outletName}`));
  await expect(page.locator("body")).not.toContainText("Wallet 0x");
  // the wallet is still there for whoever needs it
  await page.locator("summary", { hasText: "Wallet address" }).click();
  await expect(page.getByTestId("author-wallet")).toContainText(owner.address.slice(2, 10), { ignoreCase: true });
  await bothWidths(page, "author-unnamed", "walk-eleven");
  expect(errors).toEqual([]);
});

test("a journalist's path: draft, submit, vote, close, correction, at 1280 and 360 px", async ({ page }) => {
  test.setTimeout(360_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk11j-${stamp}`;
  const outletName = await desk.outlet(owner.key, slug, "The Eleventh Walk Desk");
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/capsules/new?outlet=${slug}`);
  await signIn(page);
  await doneLoading(page);

  // the author's own name starts empty (the desk keeps none for a wallet): said beside it before anything is marked
  const author = page.getByTestId("contributor-item").first();
  const name = author.getByLabel("Display name");
  await expect(name).toHaveValue("");
  await expect(name).toHaveAccessibleDescription("Needed to submit. The desk keeps no name for your wallet: type the one readers see in the byline.");
  await bothWidths(page, "new-draft", "walk-eleven");

  const title = `Harbour bridge reopens ${stamp}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Body", { exact: true }).fill("The harbour bridge reopens on Friday.\n\nThe works took six weeks, the city said.");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  const submit = page.getByRole("button", { name: "Submit and pay 30 CAP" });
  const why = "Enter your display name under Contributors before submitting: it is the name readers see in the byline.";
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId("submit-not-ready")).toContainText(why);
  await expect(submit).toHaveAccessibleDescription(why);
  await expect(page.locator("#contributor-0-name-error")).toHaveText("Enter the name readers see in the byline: the capsule cannot be submitted without it.");
  await page.getByTestId("submit-not-ready").scrollIntoViewIfNeeded();
  await bothWidths(page, "draft-needs-name", "walk-eleven");

  await page.getByTestId("submit-not-ready").getByRole("button", { name: "Go to the first marked field" }).click();
  await expect(name).toBeFocused();
  await name.fill("Mira Holt");
  await expect(submit).toBeEnabled();
  await expect(page.getByTestId("submit-not-ready")).toHaveCount(0);
  await submit.click();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until", { timeout: 60_000 });
  const id = /\/capsules\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  expect(id).not.toBe("");
  await doneLoading(page);
  await bothWidths(page, "submitted", "walk-eleven");

  // the owner is the outlet's Editor: the vote
  await page.getByRole("link", { name: "Follow the vote" }).click();
  await page.waitForURL(new RegExp(`/capsules/${id}$`));
  await expect(page.getByTestId("capsule-status")).toHaveText("Voting");
  await page.getByRole("button", { name: "Vote yes" }).click();
  await page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes.", { timeout: 60_000 });
  await doneLoading(page);
  await bothWidths(page, "voted", "walk-eleven");

  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await expect(page.getByTestId("countdown")).toHaveText("Voting closed");
  await page.getByRole("button", { name: "Close the vote" }).click();
  await expect(page.getByTestId("outcome")).toContainText("Accepted and finalized on chain", { timeout: 60_000 });
  await expect(page.getByTestId("capsule-status")).toHaveText("Finalized");
  await doneLoading(page);
  await bothWidths(page, "finalized", "walk-eleven");

  // the reader's byline names the journalist as the draft did
  await page.goto(`/read/${id}`);
  await expect(page.getByTestId("byline-author")).toHaveText("Mira Holt");

  // a correction, from the capsule's history
  await page.goto(`/capsules/${id}/history`);
  await doneLoading(page);
  await bothWidths(page, "history", "walk-eleven");
  await page.getByLabel("Reason").fill("The works took seven weeks, not six.");
  await page.getByRole("button", { name: "Publish a correction" }).click();
  await page.waitForURL(/\/capsules\/\d+\/edit$/);
  const correction = /\/capsules\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  expect(correction).not.toBe(id);
  await expect(page.getByTestId("revision-note")).toContainText(`Correction of capsule #${id}`);
  // the correction keeps the credit the journalist gave: nothing to fill in again
  await expect(page.getByTestId("contributor-item").first().getByLabel("Display name")).toHaveValue("Mira Holt");
  await page.getByLabel("Body", { exact: true }).fill("The harbour bridge reopens on Friday.\n\nThe works took seven weeks, the city said.");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await doneLoading(page);
  await bothWidths(page, "correction-draft", "walk-eleven");
  await page.getByRole("button", { name: "Submit and pay 30 CAP" }).click();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until", { timeout: 60_000 });
  await doneLoading(page);
  await bothWidths(page, "correction-submitted", "walk-eleven");
  expect(outletName).not.toBe("");
  expect(errors).toEqual([]);
});
