import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { pathOf } from "@/lib/api/request";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn } from "./support/page-helpers";
import { deadlineWords, voucherDeadlineWords } from "./support/deadline-words";

// Draft saves check the revision they edit (docs/DECISIONS.md): one journalist with the same draft open on two devices
// (two browser contexts, which share no BroadcastChannel, so neither hears the other's saves) no longer puts the older
// copy over the newer one. The second device's save is refused; it says so, shows what differs, and offers both ways:
// keep this version (saved over the other) or load the version saved there (what was typed here is dropped).
// A visible draft tab also re-reads its revision by itself (every 15 s, and at once when it is shown or focused again):
// with no change of its own it takes the newer version quietly; with changes of its own it offers the same choice.
// A draft submitted or withdrawn elsewhere ends the drafting in every tab open on it: saving stops for good, the page
// says so with the way to the capsule's page, and what the tab held unsaved is offered for copying.

const jury = juryChain();
const desk = readerDesk();
const owner = freshWallet(); // the outlet's owner and the draft's journalist
const stamp = Date.now().toString(36);
const slug = `conflicts-${stamp}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await jury.fund(owner, "5000", "0");
  await desk.outlet(owner.key, slug, "The Second Device Gazette");
});

/** The draft as the bridge holds it, read by its journalist. */
const saved = async (id: string) => {
  const read = await desk.call(capsuleRead, { params: { id } }, owner.key);
  return { title: read.capsule.title, body: read.content.body };
};

async function openDraft(page: Page, id: string) {
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
}

/**
 * The journalist's other device with the draft open: a browser context of its own, which shares no BroadcastChannel
 * with `page`'s, so neither hears the other's saves.
 */
async function secondDevice(browser: Browser, id: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openDraft(page, id);
  return { context, page };
}

/**
 * The tab is hidden, as a laptop's tab is while its journalist writes on the phone: it does not re-read the draft by
 * itself, so what it does next (type, submit) is done on the version it showed (the first two tests are about that).
 */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
/** The tab is shown again: the browser's own visibility back, and the change told as the browser tells it. */
const show = (page: Page) =>
  page.evaluate(() => {
    delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    document.dispatchEvent(new Event("visibilitychange"));
  });

test("the same draft on two devices: the older copy's save is refused and said, and both choices work", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const original = { title: `Bus lanes ${stamp}`, body: "Bus lanes.\n\nThe city paints new bus lanes." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  const { context: otherDevice, page: second } = await secondDevice(browser, id);
  await hide(page);
  await hide(second);

  // the first device saves a newer title
  const newer = `Bus lanes open on four streets ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(newer);
  await expect.poll(async () => (await saved(id)).title).toBe(newer);

  // the second device, still holding the first version, types in the body: its save is refused, nothing written
  const mine = "Bus lanes.\n\nThe city paints new bus lanes on Main Street and Quay Road.";
  await second.locator("#draft-body").fill(mine);
  const notice = second.getByTestId("draft-other-tab");
  await expect(notice).toHaveAttribute("data-where", "elsewhere");
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toContainText(/This draft was changed elsewhere at \d{2}:\d{2}:\d{2}/);
  await expect(second.getByTestId("autosave-status")).toHaveText("Not saved: this draft was changed elsewhere; choose below which version to keep.");
  expect(await saved(id)).toEqual({ title: newer, body: original.body });
  // the typing stays on screen, and what differs is shown: the title, and the body word by word
  await expect(second.locator("#draft-body")).toHaveValue(mine);
  const differences = notice.getByTestId("draft-differences");
  await expect(differences).toContainText("What differs there: title, body");
  await differences.locator("summary").click();
  await expect(notice.getByTestId("draft-diff-body").getByTestId("diff-removed")).toContainText("on Main Street and Quay Road");
  await bothWidths(second, "changed-elsewhere", "draft-conflicts");
  // saving stays stopped while the writer has not chosen
  await second.getByLabel("Category", { exact: true }).fill("transport");
  await expect(second.getByTestId("autosave-status")).toHaveText("Not saved: this draft was changed elsewhere; choose below which version to keep.");
  expect(await saved(id)).toEqual({ title: newer, body: original.body });

  // keep this device's version: saved over the newer one, naming the revision it was shown
  await notice.getByRole("button", { name: "Keep this tab’s version" }).click();
  await expect(notice).toHaveCount(0);
  await expect(second.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  expect(await saved(id)).toEqual({ title: original.title, body: mine });

  // now the first device holds the older copy: its next save is refused in turn, and it loads the version saved there
  await page.getByLabel("Title", { exact: true }).fill(`${newer} and more`);
  const first = page.getByTestId("draft-other-tab");
  await expect(first).toHaveAttribute("data-where", "elsewhere");
  expect(await saved(id)).toEqual({ title: original.title, body: mine });
  await first.getByRole("button", { name: "Load the version saved there" }).click();
  await expect(first).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(original.title);
  await expect(page.locator("#draft-body")).toHaveValue(mine);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("transport");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");

  // and saves again from there, at the revision it loaded
  const last = `Bus lanes on Main Street ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(last);
  await expect.poll(async () => (await saved(id)).title).toBe(last);
  await expect(page.getByTestId("draft-other-tab")).toHaveCount(0);
  await otherDevice.close();
});

test("a device that never typed submits only the version it shows: the submission is refused and the choice offered", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const original = { title: `Ferry fares ${stamp}`, body: "Ferry fares.\n\nThe ferry costs two euros from June." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  const { context: otherDevice, page: second } = await secondDevice(browser, id);
  await hide(second);

  // the first device saves a new body; the second, untouched, still shows the first one and asks to submit it
  const newer = "Ferry fares.\n\nThe ferry costs three euros from June.";
  await page.locator("#draft-body").fill(newer);
  await expect.poll(async () => (await saved(id)).body).toBe(newer);
  await second.getByRole("button", { name: /^Submit and pay/ }).click();
  await expect(second.getByTestId("submit-error")).toHaveText(
    "Not submitted: the draft was changed elsewhere since this page saved it. Choose which version to keep (above the form), then submit again.",
  );
  const notice = second.getByTestId("draft-other-tab");
  await expect(notice).toHaveAttribute("data-where", "elsewhere");
  await expect(notice.getByTestId("draft-differences")).toContainText("What differs there: body");
  // nothing was typed on this device: the notice does not speak of unsaved changes, and offers the version saved there
  await expect(notice).toContainText("Nothing was changed in this tab since, so nothing here is lost: load the version saved there to carry on from it.");
  await expect(notice).not.toContainText("not saved");
  await expect(second.getByTestId("autosave-status")).toHaveText("Saving stopped: this draft was changed elsewhere; choose below which version to keep.");
  // nothing was submitted: the draft is still a draft, at the newer text
  const read = await desk.call(capsuleRead, { params: { id } }, owner.key);
  expect([read.capsule.status, read.content.body]).toEqual(["draft", newer]);
  await bothWidths(second, "submit-refused", "draft-conflicts");
  await second.getByRole("button", { name: "Load the version saved there" }).click();
  await expect(second.locator("#draft-body")).toHaveValue(newer);
  await otherDevice.close();
});

test("a tab left open learns of the version saved on another device without typing; one with changes of its own is offered the choice", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const original = { title: `Tram stops ${stamp}`, body: "Tram stops.\n\nThe city moves two tram stops." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  const { context: phone, page: second } = await secondDevice(browser, id, { width: 360, height: 800 });
  // the laptop's tab is left open in the background while the journalist writes on the phone
  await hide(page);
  const newer = { title: `Tram stops move on Elm Street ${stamp}`, body: "Tram stops.\n\nThe city moves two tram stops to Elm Street." };
  await second.getByLabel("Title", { exact: true }).fill(newer.title);
  await second.locator("#draft-body").fill(newer.body);
  await expect.poll(() => saved(id)).toEqual(newer);
  // a link pasted on the phone that is not one is kept on its screen, not saved (the rest is): the phone now holds a
  // change of its own the bridge does not; then it is put away in turn
  await second.getByLabel("Source URL", { exact: true }).fill("not a link");
  await expect(second.getByTestId("autosave-status")).toHaveAttribute("data-state", "partial");
  await hide(second);

  // back on the laptop: the tab re-reads the draft as it is shown, and takes the newer version without a word typed
  await show(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newer.title);
  await expect(page.locator("#draft-body")).toHaveValue(newer.body);
  await expect(page.getByTestId("draft-refreshed")).toHaveText(/^Updated with the version saved on another device at \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*\.$/);
  await expect(page.getByTestId("draft-other-tab")).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await bothWidths(page, "updated-from-elsewhere", "draft-conflicts");
  expect(await saved(id)).toEqual(newer);

  // and saves from there at the revision it took: nothing refused, the message gone once the writer types
  const laptop = `Tram stops move on Elm Street in May ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(laptop);
  await expect(page.getByTestId("draft-refreshed")).toHaveText("");
  await expect.poll(async () => (await saved(id)).title).toBe(laptop);
  await expect(page.getByTestId("draft-other-tab")).toHaveCount(0);

  // the phone, holding its unsaved link, learns of the laptop's save when it is shown again, and offers the choice
  // instead of dropping the link
  await show(second);
  const notice = second.getByTestId("draft-other-tab");
  await expect(notice).toHaveAttribute("data-where", "elsewhere");
  await expect(notice).toContainText(/This draft was changed elsewhere at \d{2}:\d{2}:\d{2}/);
  await expect(notice).toContainText("Your latest changes here are not saved");
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(newer.title);
  await expect(second.getByLabel("Source URL", { exact: true })).toHaveValue("not a link");
  await expect(notice.getByTestId("draft-differences")).toContainText("What differs there: title");
  await expect(second.getByTestId("autosave-status")).toHaveText("Not saved: this draft was changed elsewhere; choose below which version to keep.");
  await expect(second.getByTestId("draft-refreshed")).toHaveText("");
  await bothWidths(second, "changed-elsewhere-while-editing", "draft-conflicts");
  expect((await saved(id)).title).toBe(laptop);
  await notice.getByRole("button", { name: "Load the version saved there" }).click();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(laptop);
  await expect(notice).toHaveCount(0);
  await phone.close();
});

test("a draft submitted from another device: the open tabs stop saving, say so with the way to the vote, and offer what was not saved for copying", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const original = { title: `Harbour fees ${stamp}`, body: "Harbour fees.\n\nThe harbour raises its fees in July." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  const { context: laptop, page: second } = await secondDevice(browser, id);
  await hide(page);
  await hide(second);

  // the journalist submits the draft from the phone (to the bridge and the chain, as its submit panel does)
  await desk.submit(owner.key, id);

  // the first tab, still hidden, is typed in: its save is refused (no longer a draft), and it reads why
  const mine = "Harbour fees.\n\nThe harbour raises its fees in July, by a fifth.";
  await page.locator("#draft-body").fill(mine);
  const notice = page.getByTestId("draft-ended");
  await expect(notice).toHaveAttribute("data-kind", "submitted");
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toContainText("This draft was submitted for the editors’ vote from another tab or device.");
  await expect(notice).toContainText(/Voting is open until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} /);
  await expect(notice.getByRole("link", { name: "the capsule’s page" })).toHaveAttribute("href", `/capsules/${id}`);
  await expect(notice.getByTestId("draft-ended-unsaved")).toContainText("Your latest changes in this tab were not saved");
  await expect(notice.locator('[data-testid="draft-unsaved-text"][data-field="body"]')).toHaveValue(mine);
  await expect(page.getByTestId("autosave-status")).toHaveText("Not saved: this draft was submitted elsewhere.");
  // what was typed stays on screen, locked; nothing more is saved, and there is nothing to submit
  await expect(page.locator("#draft-body")).toHaveValue(mine);
  await expect(page.locator("#draft-body")).toBeDisabled();
  await expect(page.getByLabel("Title", { exact: true })).toBeDisabled();
  await expect(page.getByTestId("submit-panel")).toHaveCount(0);
  await expect(page.getByTestId("draft-other-tab")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Capsule #${id} submitted`);
  expect(await saved(id)).toEqual(original);
  await bothWidths(page, "submitted-elsewhere-unsaved", "draft-conflicts");

  // the second tab, untouched, learns it as it is shown, with nothing said of unsaved changes
  await show(second);
  const other = second.getByTestId("draft-ended");
  await expect(other).toHaveAttribute("data-kind", "submitted");
  await expect(other.getByTestId("draft-ended-unsaved")).toHaveCount(0);
  await expect(second.getByTestId("autosave-status")).toHaveText("Saving stopped: this draft was submitted elsewhere.");
  await expect(second.locator("#draft-body")).toHaveValue(original.body);
  await bothWidths(second, "submitted-elsewhere", "draft-conflicts");
  await other.getByRole("link", { name: "the capsule’s page" }).click();
  await second.waitForURL(new RegExp(`/capsules/${id}$`));
  await laptop.close();
});

test("a draft withdrawn elsewhere: the open tab stops saving as it is shown, and says when", async ({ page }) => {
  test.setTimeout(240_000);
  const id = await desk.draft(owner.key, slug, `Night buses ${stamp}`, "Night buses.\n\nThe night buses stop in May.");
  await openDraft(page, id);
  await hide(page);
  await desk.call(capsuleReject, { params: { id }, body: { reason: "Not ready." } }, owner.key);
  await show(page);
  const notice = page.getByTestId("draft-ended");
  await expect(notice).toHaveAttribute("data-kind", "withdrawn");
  await expect(notice).toContainText(/This draft was withdrawn at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} .* from another tab or device\./);
  await expect(page.getByTestId("autosave-status")).toHaveText("Saving stopped: this draft was withdrawn elsewhere.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Draft #${id} withdrawn`);
  await expect(page.getByTestId("submit-panel")).toHaveCount(0);
  await expect(page.locator("#draft-body")).toBeDisabled();
  // opened again, the page says the draft was withdrawn, not submitted
  await page.reload();
  await expect(page.getByText("This draft was withdrawn and can no longer be edited.")).toBeVisible();
});

// A submission under way elsewhere pauses the draft (docs/DECISIONS.md): while a voucher another device asked for is
// outstanding, an open tab stops saving, locks its fields and says why and until when (the voucher's deadline, HH:MM
// UTC); the chain taking the capsule ends the drafting there, the voucher lapsing resumes it and saves what was kept.

test("a submission under way on another device pauses the open tab, and the capsule reaching the chain ends it", async ({ page }) => {
  test.setTimeout(240_000);
  const original = { title: `Pier lights ${stamp}`, body: "Pier lights.\n\nThe pier gets new lights in March." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  await hide(page);
  // the journalist's phone asks for the voucher; its wallet has not paid yet
  const answer = await desk.voucher(owner.key, id);

  // the laptop's tab, shown again, reads the draft at once: a submission is under way that it did not start
  await show(page);
  const notice = page.getByTestId("draft-under-way");
  await expect(notice).toHaveText(
    `This draft is being submitted from another tab or device. Editing is paused until the chain has it (this page then shows the capsule) or until the submission lapses at ${voucherDeadlineWords(answer.deadline)}.`,
  );
  await expect(page.getByTestId("draft-under-way-region")).toHaveAttribute("role", "status");
  await expect(notice.getByTestId("draft-under-way-unsaved")).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toHaveText("Saving paused: this draft is being submitted elsewhere.");
  await expect(page.locator("#draft-body")).toBeDisabled();
  await expect(page.getByLabel("Title", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Submit and pay/ })).toBeDisabled();
  await expect(page.getByTestId("submit-not-ready")).toContainText("This draft is being submitted from another tab or device");
  await bothWidths(page, "submission-under-way", "draft-conflicts");

  // the phone's wallet pays: the chain has the capsule, and the tab ends the drafting as for any submission elsewhere
  await desk.submitVoucher(owner.key, id, answer);
  const ended = page.getByTestId("draft-ended");
  await expect(ended).toHaveAttribute("data-kind", "submitted");
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toHaveText("Saving stopped: this draft was submitted elsewhere.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Capsule #${id} submitted`);
  expect(await saved(id)).toEqual(original);
});

test("a tab typed in while another device's submission is under way keeps the text, and saves it when the voucher lapses", async ({ page }) => {
  test.setTimeout(240_000);
  const original = { title: `Market days ${stamp}`, body: "Market days.\n\nThe market opens on Saturdays." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  await hide(page);
  const answer = await desk.voucher(owner.key, id);

  // typed in before the tab knew: the save is refused (the voucher is outstanding), and the read it makes at once says why
  const mine = "Market days.\n\nThe market opens on Saturdays and, from May, on Wednesdays.";
  await page.locator("#draft-body").fill(mine);
  const notice = page.getByTestId("draft-under-way");
  await expect(notice).toContainText(`until the submission lapses at ${voucherDeadlineWords(answer.deadline)}.`);
  await expect(notice.getByTestId("draft-under-way-unsaved")).toHaveText(
    "Your latest changes in this tab are kept below and saved when editing resumes; if the draft is submitted instead, they are offered for copying.",
  );
  await expect(page.getByTestId("autosave-status")).toHaveText("Not saved yet: this draft is being submitted elsewhere; your changes here are kept.");
  await expect(page.locator("#draft-body")).toHaveValue(mine);
  await expect(page.locator("#draft-body")).toBeDisabled();
  expect(await saved(id)).toEqual(original);
  await bothWidths(page, "submission-under-way-kept", "draft-conflicts");

  // the phone's journalist never paid: the voucher lapses on the chain's clock, editing resumes and the kept text is saved
  await show(page);
  await desk.advanceChainTime(905);
  await expect(notice).toHaveCount(0);
  await expect(page.locator("#draft-body")).toBeEnabled();
  await expect.poll(async () => (await saved(id)).body).toBe(mine);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("draft-ended")).toHaveCount(0);
});

test("a tab whose own submission is refused because the draft was submitted elsewhere ends at once, without waiting for its next read", async ({ page }) => {
  test.setTimeout(240_000);
  const original = { title: `Canal bridge ${stamp}`, body: "Canal bridge.\n\nThe canal bridge reopens in April." };
  const id = await desk.draft(owner.key, slug, original.title, original.body);
  await openDraft(page, id);
  // hidden: the tab makes no read of its own, so only the refusal can make it read (a refused submission has asked for
  // that read since the ended-drafts change; this holds it)
  await hide(page);
  await desk.submit(owner.key, id);
  await page.getByRole("button", { name: /^Submit and pay/ }).click();
  const ended = page.getByTestId("draft-ended");
  await expect(ended).toHaveAttribute("data-kind", "submitted");
  await expect(page.getByTestId("submit-panel")).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toHaveText("Saving stopped: this draft was submitted elsewhere.");
});

test("a tab whose own payment is declined keeps the draft locked while its voucher can reach the chain, may submit again, and unlocks when it lapses", async ({ page }) => {
  test.setTimeout(240_000);
  // an outlet of its own: this test asks for three vouchers, and the bridge gives an outlet five an hour
  const ownSlug = `declined-${stamp}`;
  await desk.outlet(owner.key, ownSlug, "The Declined Payment Gazette");
  const original = { title: `Ferry times ${stamp}`, body: "Ferry times.\n\nThe ferry runs every hour from June." };
  const id = await desk.draft(owner.key, ownSlug, original.title, original.body);
  // a chain whose clock runs weeks ahead of the wall clock (a long-lived test network, or this suite after its court
  // periods): the voucher's deadline is further away than a browser timer can wait, and the hold must still last
  await desk.advanceChainTime(30 * 86_400);
  const wallet = await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  const submit = page.getByRole("button", { name: "Submit and pay 30 CAP" });

  // declined in the wallet after the bridge gave the voucher: the voucher can still reach the chain, so nothing may be typed
  wallet.rejectNext("eth_sendTransaction");
  await submit.click();
  await expect(page.getByTestId("submit-error")).toHaveText("You rejected the request in your wallet, so Capsule could not submit the capsule.");
  const held = page.getByTestId("submit-voucher-held");
  await expect(held).toBeVisible();
  const until = await held.getAttribute("data-until");
  expect(until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  await expect(held).toHaveText(
    `This site’s authorization to submit this version can still reach the chain until ${deadlineWords(new Date(until ?? ""))}, so the draft stays locked until then: the chain must receive exactly the version it authorized. Submit again now, or edit the draft after that time; this page unlocks it by itself.`,
  );
  await expect(page.getByTestId("submit-voucher-region")).toHaveAttribute("role", "status");
  await expect(page.locator("#draft-body")).toBeDisabled();
  await expect(page.getByLabel("Title", { exact: true })).toBeDisabled();
  await expect(submit).toBeEnabled();
  await bothWidths(page, "own-voucher-held", "draft-conflicts");

  // the chain's clock passes the deadline: the page reads that the voucher lapsed, and the draft can be edited and saved
  await desk.advanceChainTime(905);
  await expect(page.getByTestId("submit-voucher-lapsed")).toHaveText("The authorization lapsed without reaching the chain: the draft can be edited again.");
  await expect(held).toHaveCount(0);
  await expect(page.locator("#draft-body")).toBeEnabled();
  const edited = "Ferry times.\n\nThe ferry runs every half hour from June.";
  await page.locator("#draft-body").fill(edited);
  await expect.poll(async () => (await saved(id)).body).toBe(edited);

  // declined once more, then submitted again while the draft is held: the second voucher reaches the chain
  wallet.rejectNext("eth_sendTransaction");
  await submit.click();
  await expect(held).toBeVisible();
  await submit.click();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until", { timeout: 60_000 });
  await expect(held).toHaveCount(0);
  expect(await saved(id)).toEqual({ title: original.title, body: edited });
});

test("a read of the draft answered before its voucher but delivered after it does not end the hold of a declined payment", async ({ page }) => {
  test.setTimeout(240_000);
  const ownSlug = `late-read-${stamp}`;
  await desk.outlet(owner.key, ownSlug, "The Late Read Gazette");
  const id = await desk.draft(owner.key, ownSlug, `Tide tables ${stamp}`, "Tide tables.\n\nHigh water at noon.");
  const wallet = await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");

  // the tab's next read of the draft is answered by the bridge now, before any voucher, and reaches the page only
  // once the voucher was given and the wallet declined (a slow network, or a read under way when Submit is pressed)
  const readPath = pathOf(capsuleRead, { id });
  let holdOne = true;
  let lateRequest: Request | undefined;
  let answered!: () => void;
  const answeredBeforeVoucher = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let delivered!: () => void;
  const deliveredLate = new Promise<void>((resolve) => (delivered = resolve));
  await page.route(
    (url) => url.pathname === readPath,
    async (route) => {
      if (route.request().method() !== "GET" || !holdOne) return route.continue();
      holdOne = false;
      lateRequest = route.request();
      const response = await route.fetch();
      answered();
      await released;
      await route.fulfill({ response }).catch(() => undefined);
      delivered();
    },
  );
  // the tab re-reads the draft when it is focused again
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await answeredBeforeVoucher;

  wallet.rejectNext("eth_sendTransaction");
  await page.getByRole("button", { name: "Submit and pay 30 CAP" }).click();
  await expect(page.getByTestId("submit-error")).toHaveText("You rejected the request in your wallet, so Capsule could not submit the capsule.");
  const held = page.getByTestId("submit-voucher-held");
  await expect(held).toBeVisible();

  release();
  await deliveredLate;
  // the page reads the draft again while the hold lasts (every few seconds): by then it has taken in the late answer
  await page.waitForResponse((response) => new URL(response.url()).pathname === readPath && response.request().method() === "GET" && response.request() !== lateRequest, {
    timeout: 30_000,
  });
  await expect(held).toBeVisible();
  await expect(page.getByTestId("submit-voucher-lapsed")).toHaveCount(0);
  await expect(page.locator("#draft-body")).toBeDisabled();
});
