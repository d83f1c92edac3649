import { expect, test } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { walletRoles } from "@/features/roles/wallet-roles.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { bothWidths, signIn, signedInAt, watchConsole } from "./support/page-helpers";
import { installTestWallet, TEST_WALLET_NAME } from "./support/test-wallet";
import { fundedWallet } from "./support/node-rpc";

// Where people tripped on the desk when a read or a save failed, or before they signed in: the newsroom
// tells a wallet that is only connected to sign in for its drafts (not that it has none), and a failed
// roles read only as a failure (not as "no role"); the editor asks before a link leaves changes no save
// will keep; the Bonds page says its bond cannot be read when the contracts list cannot be, instead of
// loading for ever. Fresh wallets, so what other specs did to the dev wallets changes nothing here.

test.describe.configure({ mode: "serial" });

const desk = readerDesk();
const stamp = Date.now().toString(36);

/** A fresh wallet owning an active outlet (bonded Editor) with one draft of its own. */
async function ownerWithDraft(slug: string) {
  const owner = await fundedWallet(desk.nodeRpcUrl);
  await desk.outlet(owner.key, slug, `Desk ${slug}`);
  const draft = await desk.api.call(capsuleCreate, { body: { title: "Ferry timetable changes", body: "The ferry leaves at seven from Monday.", outletSlug: slug } }, owner.key);
  return { ...owner, draftId: draft.capsuleId };
}

test("the newsroom asks a connected wallet to sign in for its drafts, and a failed roles read is not told as no role", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const owner = await ownerWithDraft(`trips-news-${stamp}`);
  await installTestWallet(page, owner.key);
  await page.goto("/newsroom");
  // connected, not signed in: the roles are public, the drafts are not
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByTestId("drafts-sign-in")).toHaveText("Sign in (in the page header) to see your drafts: they are private until you do.");
  await expect(page.getByTestId("my-drafts")).not.toContainText("No drafts");
  await expect(page.getByText("Nothing here that anyone may see. Sign in (in the page header) to see your drafts as well.")).toBeVisible();
  await bothWidths(page, "newsroom-connected-not-signed-in", "desk-trips");
  await signIn(page);
  await expect(page.getByTestId("my-drafts")).toContainText("Ferry timetable changes");

  // the roles read fails: its error, and nothing that says the wallet holds no role
  const rolesPath = pathOf(walletRoles, { address: owner.address }).toLowerCase();
  await page.route((url) => url.pathname.toLowerCase() === rolesPath, (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ ok: false, error: "CHAIN_UNAVAILABLE", message: "The node did not answer", statusCode: 503 }) }));
  await page.reload();
  await expect(page.getByText("Your roles could not be loaded")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("newsroom-no-roles")).toHaveCount(0);
  await bothWidths(page, "newsroom-roles-failed", "desk-trips");
  expect(errors.filter((e) => !e.includes("503"))).toEqual([]);
});

test("the editor asks before a link leaves changes that no save will keep, and keeps them when the writer stays", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await ownerWithDraft(`trips-edit-${stamp}`);
  await signedInAt(page, owner.key, `/capsules/${owner.draftId}/edit`);
  const form = page.getByRole("form", { name: "Draft" });
  await expect(form.getByLabel("Title")).toHaveValue("Ferry timetable changes");
  // every save fails from now on, as with a dropped connection
  await page.route(`**${pathOf(capsuleUpdate)}`, (route) => route.abort("internetdisconnected"));
  await form.getByLabel("Body", { exact: true }).fill("The ferry leaves at seven from Monday, and at eight on Sundays.");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "error", { timeout: 30_000 });

  // submitting now says what is wrong (the connection), not "fix the marked fields"
  await page.getByRole("button", { name: /^Submit and pay/ }).click();
  await expect(page.getByTestId("submit-error")).toHaveText("The draft could not be saved: the Capsule server could not be reached. Check your connection, then submit again; nothing was sent to the chain.", { timeout: 30_000 });
  await bothWidths(page, "editor-save-failed", "desk-trips");

  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("navigation").getByRole("link", { name: "Newsroom" }).first().click();
  await expect.poll(() => asked).toEqual(["Your latest changes to this draft are not saved. Leave this page and lose them?"]);
  await expect(page).toHaveURL(new RegExp(`/capsules/${owner.draftId}/edit$`));
  await expect(form.getByLabel("Body", { exact: true })).toHaveValue("The ferry leaves at seven from Monday, and at eight on Sundays.");

  // once the connection is back and the save goes through, links leave without asking
  await page.unroute(`**${pathOf(capsuleUpdate)}`);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved", { timeout: 30_000 });
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("navigation").getByRole("link", { name: "Newsroom" }).first().click();
  await expect(page).toHaveURL(/\/newsroom$/);
  expect(asked).toHaveLength(1);
});

test("the Bonds page says the bond cannot be read when the contracts list cannot be, with a way to try again", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await fundedWallet(desk.nodeRpcUrl);
  await desk.deposit(owner.key, "100");
  await page.route(`**${pathOf(contractsSummary)}*`, (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ ok: false, error: "CHAIN_UNAVAILABLE", message: "The node did not answer", statusCode: 503 }) }));
  await signedInAt(page, owner.key, "/bonds");
  await expect(page.getByText("Your bond could not be read from the chain")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("bond-unread")).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading your bond" })).toHaveCount(0);
  await bothWidths(page, "bonds-contracts-failed", "desk-trips");
  // the list answers again: Try again reads the bond
  await page.unroute(`**${pathOf(contractsSummary)}*`);
  await page.getByRole("button", { name: "Try again" }).first().click();
  await expect(page.getByTestId("bond-unread")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText("Your bond could not be read from the chain")).toHaveCount(0);
});
