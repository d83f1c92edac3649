import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { shortAddress } from "@/lib/wallet/short-address";
import { keyAddress } from "./support/capsule-desk";
import { newsroomDesk } from "./support/newsroom-desk";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// Issue 31, Snapshot/Tally: an Editor gives a short public reason with the vote (the wallet signs the
// ballot and the reason); the voter list, the proposal timeline and the article's "How the editors
// voted" show it; transaction hashes and addresses link, shortened, to this service's own
// transaction, address and block pages, which show the full value.

test.describe.configure({ mode: "serial" });

const AUTHOR = 3;
const EDITOR = 6;
const WINDOW_SECONDS = 259_200;
const REASON = "Both figures check out against the council minutes; publish.";
const slug = `reasons-${Date.now().toString(36)}`;
const desk = newsroomDesk();
let capsuleId = "";
let context: BrowserContext;
let page: Page;
let errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await desk.deposit(AUTHOR, "300");
  await desk.deposit(EDITOR, "250");
  await desk.activeOutlet(AUTHOR, slug, "The Reasons Desk");
  await desk.grantRole(AUTHOR, slug, EDITOR, ROLE.EDITOR);
  capsuleId = await desk.pendingCapsule(AUTHOR, slug, "Bridge repairs run to autumn", "Rita Author");
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchConsole(page);
  await installTestWallet(page, AUTHOR);
});

test.afterEach(() => {
  expect(errors, "console errors").toEqual([]);
});

test.afterAll(async () => {
  await context?.close();
});

test("an Editor votes with a reason; the voter list and the timeline show it, with explorer links", async () => {
  test.setTimeout(120_000);
  await page.goto(`/capsules/${capsuleId}`);
  await signIn(page);
  await expect(page.getByTestId("proposal-timeline")).toBeVisible();
  await expect(page.locator("[data-testid=timeline-step]").first()).toHaveAttribute("data-step", "submitted");
  await expect(page.locator("[data-step=opened]")).toContainText("Voting window opened");
  // times in the reader's own zone, with the zone named
  await expect(page.locator("[data-step=submitted] time")).toHaveText(/(UTC|GMT)/);

  await page.getByRole("button", { name: "Vote yes" }).click();
  const reason = page.getByLabel("Your reason (optional, public)");
  await reason.fill("x".repeat(281));
  await expect(page.getByText("281/280 characters", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm: vote yes" })).toBeDisabled();
  await reason.fill(REASON);
  await expect(page.getByRole("button", { name: "Confirm: vote yes" })).toBeEnabled();
  await bothWidths(page, "capsule-vote-confirm", "vote-reasons");
  await page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  await expect(page.getByTestId("my-reason")).toHaveText(`Your reason: “${REASON}”`);

  const row = page.locator(`[data-testid=voter][data-voter="${keyAddress(AUTHOR)}"]`);
  await expect(row.getByTestId("voter-reason")).toHaveText(`“${REASON}”`);
  // the reason in its own isolate: an override in text stored before the rule reorders only the reason
  await expect(row.getByTestId("voter-reason").locator("bdi")).toHaveText(REASON);
  await expect(page.locator(`[data-step="vote-${keyAddress(AUTHOR)}"]`)).toContainText(REASON);
  await expect(page.getByTestId("my-reason").locator("bdi")).toHaveText(REASON);
  await expect(page.locator(`[data-step="vote-${keyAddress(AUTHOR)}"] bdi`)).toHaveText(REASON);
  const listed = await desk.call(capsuleVotes, { params: { id: capsuleId } });
  expect(listed.items[0]?.reason?.text).toBe(REASON);

  // the other Editor votes without a reason (through the bridge); the page is pushed the new row
  await desk.vote(EDITOR, capsuleId, true);
  await expect(page.getByTestId("voter")).toHaveCount(2);
  await expect(page.locator(`[data-testid=voter][data-voter="${keyAddress(EDITOR)}"]`).getByTestId("voter-reason")).toHaveCount(0);
  await bothWidths(page, "capsule-voted", "vote-reasons");

  // the vote's transaction: short on the page, in full one click away
  const txHash = listed.items[0]!.txHash;
  const txLink = row.getByTestId("tx-link");
  await expect(txLink).toHaveText(`${txHash.slice(0, 10)}…${txHash.slice(-6)}`);
  await txLink.click();
  await expect(page).toHaveURL(new RegExp(`/network/tx/${txHash}$`));
  await expect(page.getByTestId("explorer-full-value")).toHaveText(txHash);
  await expect(page.getByTestId("explorer-tx")).toContainText("Succeeded");
  await expect(page.getByTestId("explorer-mentions")).toContainText(`vote Yes by ${keyAddress(AUTHOR)}`);
  await bothWidths(page, "transaction", "vote-reasons");

  await page.getByTestId("block-link").first().click();
  await expect(page.getByTestId("explorer-block")).toBeVisible();
  await expect(page.getByTestId("explorer-block").getByTestId("tx-link").filter({ hasText: txHash.slice(0, 10) })).toHaveCount(1);
  await bothWidths(page, "block", "vote-reasons");

  await page.goto(`/capsules/${capsuleId}`);
  await page.locator(`[data-testid=voter][data-voter="${keyAddress(AUTHOR)}"]`).getByTestId("address-link").click();
  await expect(page).toHaveURL(new RegExp(`/network/address/${keyAddress(AUTHOR)}$`));
  await expect(page.getByTestId("explorer-full-value")).toHaveText(keyAddress(AUTHOR));
  await expect(page.getByTestId("explorer-votes")).toContainText("Bridge repairs run to autumn");
  await bothWidths(page, "address", "vote-reasons");
});

test("closed and finalized: the timeline ends with both, and the article shows how the editors voted, with the reason", async () => {
  test.setTimeout(120_000);
  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await page.goto(`/capsules/${capsuleId}`);
  await page.getByRole("button", { name: "Close the vote" }).click();
  await expect(page.getByTestId("outcome")).toContainText("Accepted and finalized", { timeout: 15_000 });
  await expect(page.locator("[data-step=closed]")).toBeVisible();
  await expect(page.locator("[data-step=finalized]")).toContainText("Accepted and finalized");
  await expect(page.locator("[data-step=finalized]").getByTestId("tx-link")).toBeVisible();
  await bothWidths(page, "capsule-finalized", "vote-reasons");

  await page.goto(`/read/${capsuleId}`);
  const votes = page.getByTestId("reader-votes");
  await expect(votes.getByRole("heading", { name: "How the editors voted" })).toBeVisible();
  await expect(votes.getByTestId("reader-vote")).toHaveCount(2);
  await expect(votes.locator(`[data-voter="${keyAddress(AUTHOR)}"]`).getByTestId("reader-vote-reason")).toHaveText(`“${REASON}”`);
  await expect(votes.locator(`[data-voter="${keyAddress(AUTHOR)}"]`).getByTestId("reader-vote-reason").locator("bdi")).toHaveText(REASON);
  await expect(votes.locator(`[data-voter="${keyAddress(EDITOR)}"]`).getByTestId("reader-vote-reason")).toHaveCount(0);
  // the editor's name where one is known (the author named herself on this article), its short address beside it
  const named = votes.locator(`[data-voter="${keyAddress(AUTHOR)}"]`);
  await expect(named.getByTestId("reader-vote-name")).toHaveText("Rita Author");
  await expect(named.getByTestId("reader-vote-address")).toHaveText(shortAddress(keyAddress(AUTHOR)));
  // the other editor's name depends on what it submitted elsewhere on this shared chain (address alone when
  // nothing: components/reader/editors-vote.test.ts); its short address shows either way, never another voter's name
  const other = votes.locator(`[data-voter="${keyAddress(EDITOR)}"]`);
  await expect(other.getByTestId("reader-vote-address")).toHaveText(shortAddress(keyAddress(EDITOR)));
  await expect(other).not.toContainText("Rita Author");
  await votes.scrollIntoViewIfNeeded();
  await bothWidths(page, "reader", "vote-reasons");
});
