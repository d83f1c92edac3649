import { expect, test, type Page } from "@playwright/test";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { SESSION_STORAGE_KEY } from "@/lib/api/session-storage-key";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, selectInBody, signIn } from "./support/page-helpers";

// Desk polish, eighth round (a walk of the drafting desk when things go wrong): an evidence link that could not be
// fetched no longer stops the journalist marking claims; leaving the draft by a link while its save waits for the
// typing to stop saves it instead of dropping it; a session that ended mid-edit (signed out elsewhere, or expired)
// signs the page out with a reason and a "Sign in" that carries the edit on, instead of failing every save; the same
// draft open in two tabs no longer overwrites itself silently; the correction form leaves the focus on its message.

const jury = juryChain();
const desk = readerDesk();
const owner = freshWallet(); // the outlet's owner and the journalist of every draft
const stamp = Date.now().toString(36);
const slug = `polish8-${stamp}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await jury.fund(owner, "5000", "0");
  await desk.outlet(owner.key, slug, "The Eighth Polish Post");
});

/** The draft as the bridge holds it, read by its journalist. */
const savedTitle = async (id: string) => (await desk.call(capsuleRead, { params: { id } }, owner.key)).capsule.title;

async function openDraft(page: Page, id: string) {
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
}

test("an evidence link that could not be fetched does not stop a claim being marked", async ({ page }) => {
  const id = await desk.draft(owner.key, slug, `Library hours change ${stamp}`, "Library hours change.\n\nThe library opens at nine from June.");
  await openDraft(page, id);

  await page.getByRole("button", { name: "Add by link" }).click();
  const item = page.getByTestId("evidence-item").last();
  await item.getByLabel("Description").fill("Library notice");
  await item.getByRole("textbox", { name: "Link" }).fill("https://no-such-host.invalid/notice.pdf");
  await item.getByRole("button", { name: /Fetch the link/ }).click();
  await expect(item.getByTestId("evidence-fetch-news")).toContainText("The link was not fetched");
  // the draft is saved without the unfinished evidence row, which stays on screen to be finished
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "partial");

  await selectInBody(page, "opens at nine from June");
  const claims = page.getByTestId("claims-editor");
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  const form = claims.getByRole("group", { name: "New claim" });
  await form.getByLabel("Kind of claim").selectOption("event");
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(claims.getByTestId("claim-item")).toHaveCount(1);
  await expect(claims.getByTestId("claim-item")).toContainText("opens at nine from June");
  await expect(claims.getByTestId("claims-error")).toHaveCount(0);
  await expect(item.getByRole("textbox", { name: "Link" })).toHaveValue("https://no-such-host.invalid/notice.pdf");
  await bothWidths(page, "claim-beside-unfetched-link", "polish-eight");
});

test("leaving the draft by a link while its save waits for the typing to stop saves it", async ({ page }) => {
  const id = await desk.draft(owner.key, slug, `Pool reopens ${stamp}`, "Pool reopens.\n\nThe pool reopens on Monday.");
  await openDraft(page, id);
  const title = `Pool reopens on Monday after repairs ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  // at once, before the autosave's pause after typing has passed
  await page.getByRole("link", { name: "Newsroom" }).first().click();
  await page.waitForURL(/\/newsroom$/);
  await expect.poll(() => savedTitle(id), { timeout: 20_000 }).toBe(title);
});

test("a session that ended mid-edit signs the page out, keeps the text, and saves it after signing in again", async ({ page }) => {
  const id = await desk.draft(owner.key, slug, `Market moves ${stamp}`, "Market moves.\n\nThe market moves to the square in May.");
  await openDraft(page, id);
  // the wallet signs this browser's session out from elsewhere (another device); the page does not know yet
  const sessionId = await page.evaluate((key) => (JSON.parse(window.localStorage.getItem(key) ?? "{}") as { sessionId?: string }).sessionId, SESSION_STORAGE_KEY);
  expect(sessionId).toMatch(/^0x[0-9a-f]{64}$/);
  const revoked = await desk.call(authSessionRevoke, { body: { sessionId: sessionId! } }, owner.key);
  expect(revoked.revoked).toBe(true);

  const title = `Market moves to the square ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  // the save is refused: the header says why and offers "Sign in"; the editor keeps what was typed
  await expect(page.getByRole("alert").filter({ hasText: "Your sign-in ended (it expired, or was signed out elsewhere). Sign in again; nothing on this page is lost." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByTestId("autosave-status")).toHaveText("Not saved: sign in with your wallet to save this draft.");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).resolves.toBeNull();
  await bothWidths(page, "session-ended-mid-edit", "polish-eight");

  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect.poll(() => savedTitle(id)).toBe(title);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
});

test("a draft open in two tabs: an untouched tab takes the other's save quietly; one with a change of its own stops saving until its writer chooses", async ({ page }) => {
  const id = await desk.draft(owner.key, slug, `Bus lanes ${stamp}`, "Bus lanes.\n\nThe city paints new bus lanes.");
  await openDraft(page, id);
  const second = await page.context().newPage();
  await openDraft(second, id);

  const first = `Bus lanes open on the high street ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(first);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect.poll(() => savedTitle(id)).toBe(first);

  // the second tab held no change of its own: told by the first, it reads the draft and takes that version, as a tab
  // does with a version saved on another device, and says where it was saved
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(first);
  await expect(second.getByTestId("draft-refreshed")).toHaveText(/^Updated with the version saved in another tab at \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*\.$/);
  await expect(second.getByTestId("draft-other-tab")).toHaveCount(0);
  await expect(second.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await bothWidths(second, "draft-updated-from-other-tab", "polish-eight");

  // a link that is not one is kept on the second tab's screen, not saved (the rest is): it now holds a change of its
  // own; the first tab, untouched since its save, takes that save quietly in turn
  await second.getByLabel("Source URL", { exact: true }).fill("not a link");
  await expect(second.getByTestId("autosave-status")).toHaveAttribute("data-state", "partial");
  await expect(page.getByTestId("draft-refreshed")).toContainText("Updated with the version saved in another tab at");

  // a save in the first tab now stops the second from saving over it until its writer chooses
  const later = `Bus lanes open on four streets ${stamp}`;
  await page.getByLabel("Title", { exact: true }).fill(later);
  await expect.poll(() => savedTitle(id)).toBe(later);
  const notice = second.getByTestId("draft-other-tab");
  await expect(notice).toContainText("This draft was saved in another tab or window");
  await expect(second.getByTestId("draft-refreshed")).toHaveText("");
  await second.locator("#draft-body").fill("Bus lanes.\n\nThe city paints new bus lanes on four streets.");
  await expect(second.getByTestId("autosave-status")).toHaveText("Not saved: this draft was saved in another tab; choose below which version to keep.");
  await bothWidths(second, "draft-saved-in-other-tab", "polish-eight");
  expect(await savedTitle(id)).toBe(later);

  await notice.getByRole("button", { name: "Load the version saved there" }).click();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(later);
  await expect(second.locator("#draft-body")).toHaveValue("Bus lanes.\n\nThe city paints new bus lanes.");
  await expect(second.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect(notice).toHaveCount(0);
  await second.close();
});

test("the correction form leaves the focus where the writer carries on: the empty reason, or the refusal of a second correction; an open correction draft is offered instead of the form", async ({ page }) => {
  const id = await desk.finalized(owner.key, slug, `Ferry fares rise ${stamp}`, "Ferry fares rise.\n\nThe council raised fares by 10 percent from May.");
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/history`);
  await signIn(page);
  const form = page.getByRole("form", { name: "Publish a correction" });
  const start = form.getByRole("button", { name: "Publish a correction" });
  await start.click();
  await expect(form.getByLabel("Reason")).toBeFocused();
  await expect(form.getByLabel("Reason")).toHaveAccessibleDescription(/Say in plain words what is being corrected and why/);

  await form.getByLabel("Reason").fill("The rise is 12 percent, not 10.");
  await start.click();
  await page.waitForURL(/\/capsules\/\d+\/edit$/);

  // with the first correction an open draft, the history offers that draft instead of the form
  await page.goto(`/capsules/${id}/history`);
  const notice = page.getByTestId("open-revision-notice");
  await expect(notice).toContainText("is already open as a draft");
  await expect(form).toHaveCount(0);
  await notice.getByTestId("open-revision-continue").click();
  await page.waitForURL(/\/capsules\/\d+\/edit$/);
  await page.goBack();
  await expect(notice).toBeVisible();
  await bothWidths(page, "open-correction-offered", "polish-eight");

  // a page opened before that draft was started still shows the form: a second correction is refused there, and the
  // refusal, with the way to the open draft, has the focus
  const other = await desk.finalized(owner.key, slug, `Bus fares rise ${stamp}`, "Bus fares rise.\n\nThe council raised fares by 5 percent from May.");
  await page.goto(`/capsules/${other}/history`);
  await form.getByLabel("Reason").fill("The fares rise in June, not May.");
  await desk.call(capsuleHistoryAdd, { params: { id: other }, body: { capsuleType: "correction", revisionReason: "The rise is 6 percent." } }, owner.key);
  await start.click();
  const refusal = page.getByTestId("correction-error");
  await expect(refusal).toContainText("already an open draft revision");
  await expect(refusal).toBeFocused();
  await expect(refusal.getByTestId("open-revision-link")).toBeVisible();
  await bothWidths(page, "second-correction-refused", "polish-eight");
});
