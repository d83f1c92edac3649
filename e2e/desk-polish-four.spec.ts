import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { shortAddress } from "@/lib/wallet/short-address";
import { devKeys } from "@/test/support/anvil";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { newsroomDesk } from "./support/newsroom-desk";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";

// Desk polish, fourth round: the new-capsule form of an owner who holds only the Editor role credits it as Editor
// (not as a Journalist it is not) and submits; the newsroom's All capsules shows a phone the same page of ten as
// the desktop; the capsule page names a wallet one way in its "by", its timeline and its voter list.

test.describe.configure({ mode: "serial" });

const OWNER = 5; // creates the outlet, so holds its Editor role only (no Journalist role)
const DISPUTER = 2;
const NAME = "Ines Harrow";
const stamp = Date.now().toString(36);
const desk = courtDesk();
const newsroom = newsroomDesk();
const owner = privateKeyToAccount(devKeys[OWNER] as Hex).address;
let fixture: CourtFixture;
/** A pending capsule on which the owner named itself NAME (after the unnamed finalized one), with the owner's vote. */
let namedId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: DISPUTER, slug: `polish4-${stamp}`, outletName: "The Fourth Polish Post", title: `Ferry timetable changes ${stamp}` });
  namedId = await newsroom.pendingCapsule(OWNER, fixture.outletSlug, `Library hours extended ${stamp}`, NAME);
  await newsroom.vote(OWNER, namedId, true);
});

test("an owner who holds only the Editor role is credited as Editor on a new capsule, and the capsule submits", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, `/capsules/new?outlet=${fixture.outletSlug}`);
  const author = page.getByTestId("contributor-item").first();
  await expect(author.getByLabel("Wallet")).toHaveValue(owner);
  // the role the wallet holds at this outlet, not Journalist
  await expect(author.getByLabel("Role")).toHaveValue(String(ROLE.EDITOR));
  await expect(author.getByLabel("Role").locator("option:checked")).toHaveText("Editor");
  await page.getByLabel("Title").fill(`Harbour crane replaced ${stamp}`);
  await page.getByLabel("Body", { exact: true }).fill("The harbour's oldest crane was replaced on Monday.\n\nThe port authority confirmed it.");
  await author.getByLabel("Display name").fill(NAME);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await page.waitForURL(/\/capsules\/\d+\/edit$/);
  const id = /\/capsules\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  await bothWidths(page, "new-capsule-editor-only", "polish-four");
  await page.getByRole("button", { name: "Submit and pay 30 CAP" }).click();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until");
  const read = await newsroom.call(capsuleRead, { params: { id } }, OWNER);
  expect(read.contributors.map((c) => ({ wallet: c.wallet.toLowerCase(), role: c.role }))).toEqual([{ wallet: owner.toLowerCase(), role: ROLE.EDITOR }]);
  expect(errors).toEqual([]);
});

test("All capsules shows a phone the same page of ten as the desktop, marking the rows the cards above list", async ({ page }) => {
  test.setTimeout(180_000);
  // eleven drafts more: every row of the first page is also in My drafts, Open votes or Recently finalized
  for (let i = 1; i <= 11; i++) {
    await newsroom.call(capsuleCreate, { body: { title: `Council note ${i} ${stamp}`, body: `Council note ${i}.`, outletSlug: fixture.outletSlug } }, OWNER);
  }
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, "/newsroom");
  await page.getByLabel("Outlet").selectOption(fixture.outletSlug);
  const rows = page.getByTestId("browse-rows").getByTestId("capsule-row");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(rows).toHaveCount(10);
  const desktop = await rows.filter({ visible: true }).evaluateAll((els) => els.map((el) => el.getAttribute("data-capsule-id")));
  expect(desktop).toHaveLength(10);
  await page.setViewportSize({ width: 360, height: 800 });
  // the same ten rows on the phone, each repeated one marked
  const phone = await rows.filter({ visible: true }).evaluateAll((els) => els.map((el) => el.getAttribute("data-capsule-id")));
  expect(phone).toEqual(desktop);
  await expect(rows.getByTestId("capsule-row-listed-above").filter({ visible: true })).toHaveCount(10);
  await expect(page.getByTestId("browse-listed-above")).toHaveText("Every capsule on this page is also in the cards above (marked “Listed above”).");
  await page.getByTestId("browse-rows").scrollIntoViewIfNeeded();
  await bothWidths(page, "newsroom-full-page", "polish-four");
  // side by side the mark and the line are not shown: the cards are beside the list
  await expect(rows.getByTestId("capsule-row-listed-above").filter({ visible: true })).toHaveCount(0);
  await expect(page.getByTestId("browse-listed-above")).toBeHidden();
  expect(errors).toEqual([]);
});

test("the capsule page names a wallet one way: its name on the capsule with the short address, else a wallet", async ({ page }) => {
  const errors = watchConsole(page);
  const short = shortAddress(owner);
  const voteStep = page.locator("[data-testid=timeline-step][data-step^=vote-]");
  // made without contributors: the submitter and its vote are a wallet, though it named itself on a later capsule
  await page.goto(`/capsules/${fixture.capsuleId}`);
  await expect(page.getByTestId("capsule-submitter")).toHaveText(`wallet ${short}`);
  await expect(page.locator("[data-testid=timeline-step][data-step=submitted]")).toContainText(`by wallet ${short}`);
  await expect(voteStep).toHaveCount(1);
  await expect(voteStep).toContainText(`by wallet ${short}`);
  await expect(page.getByTestId("voter")).not.toContainText(NAME);
  // named on this capsule: the name with the short address in the "by" and the timeline, the name in the voter list
  await page.goto(`/capsules/${namedId}`);
  await expect(page.getByTestId("capsule-submitter")).toHaveText(`${NAME} (${short})`);
  await expect(page.locator("[data-testid=timeline-step][data-step=submitted]")).toContainText(`by ${NAME} (${short})`);
  await expect(voteStep).toHaveCount(1);
  await expect(voteStep).toContainText(`by ${NAME} (${short})`);
  await expect(page.getByTestId("voter").getByTestId("voter-name")).toHaveText(NAME);
  await expect(page.getByTestId("voter")).toContainText(short);
  await bothWidths(page, "capsule-named-voter", "polish-four");
  expect(errors).toEqual([]);
});
