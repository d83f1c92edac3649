import { expect, test, type Page } from "@playwright/test";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { SESSION_STORAGE_KEY } from "@/lib/api/session-storage-key";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn } from "./support/page-helpers";

// Desk polish, eighth round (a walk of the drafting desk when things go wrong): a session that ended mid-edit (signed
// out elsewhere, or expired) signs the page out with a reason and a "Sign in" that carries the edit on, instead of
// failing every save.

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
