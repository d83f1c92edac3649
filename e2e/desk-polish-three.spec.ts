import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devKeys } from "@/test/support/anvil";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { devWallet, freshWallet, juryChain, type Wallet } from "./support/jury-chain";
import { newsroomDesk } from "./support/newsroom-desk";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";
import { shortAddress } from "@/lib/wallet/short-address";

// Where a first-time journalist or editor tripped on the desk (third round): the newsroom on a phone listing one
// article twice; a jury case saying the period's end twice; the capsule page naming its submitter "by 0x…"; a
// new outlet's capsule described in tier jargon; a name the author never put on a capsule. Then what a new wallet met
// on its first walk: the lock rule of roles it does not hold, and three kinds of error under an empty outlet form.

test.describe.configure({ mode: "serial" });

const OWNER = 1; // outlet owner, its only Editor, journalist of an article made without contributors
const DISPUTER = 2;
const NAME = "Ada Quillfeather";
const stamp = Date.now().toString(36);
const desk = courtDesk();
const jury = juryChain();
const disputer: Wallet = devWallet(DISPUTER);
const owner = privateKeyToAccount(devKeys[OWNER] as Hex).address;
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let fixture: CourtFixture;
/** A capsule on which the owner named itself NAME, submitted after the unnamed article, so NAME is its latest name at the outlet. */
let namedId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: DISPUTER, slug: `polish3-${stamp}`, outletName: "The Third Polish Post", title: `Tram line opens in spring ${stamp}` });
  namedId = await newsroomDesk().pendingCapsule(OWNER, fixture.outletSlug, `Bridge repairs start ${stamp}`, NAME);
});

test.afterAll(async () => {
  await bench?.leave();
});

test("the newsroom on a phone marks the capsules the cards above list; the two-column layout keeps the full list", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, "/newsroom");
  await page.setViewportSize({ width: 360, height: 800 });
  // the owner may hold roles at other outlets of the run: browse this one
  await page.getByLabel("Outlet").selectOption(fixture.outletSlug);
  const finalizedRow = page.locator(`[data-testid=capsule-row][data-capsule-id="${fixture.capsuleId}"]`);
  const pendingRow = page.locator(`[data-testid=capsule-row][data-capsule-id="${namedId}"]`);
  await expect(page.getByTestId("recently-finalized").locator(`[data-capsule-id="${fixture.capsuleId}"]`)).toBeVisible();
  await expect(page.getByTestId("open-votes").locator(`[data-capsule-id="${namedId}"]`)).toBeVisible();
  await expect(page.getByTestId("browse-rows")).toBeAttached();
  // on the phone All capsules keeps its whole page (desk polish, fourth round) and marks what the cards above list, saying so
  const browseRow = (id: string) => page.getByTestId("browse-rows").locator(`[data-capsule-id="${id}"]`);
  for (const id of [fixture.capsuleId, namedId]) await expect(browseRow(id).getByTestId("capsule-row-listed-above")).toBeVisible();
  await expect(finalizedRow.filter({ visible: true })).toHaveCount(2);
  await expect(pendingRow.filter({ visible: true })).toHaveCount(2);
  await expect(page.getByTestId("browse-listed-above")).toHaveText("Every capsule on this page is also in the cards above (marked “Listed above”).");
  await bothWidths(page, "newsroom-once", "polish-three");
  // side by side (1280 px), All capsules is the outlet's whole list again, and says nothing of rows left out
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("browse-rows").locator(`[data-capsule-id="${fixture.capsuleId}"]`)).toBeVisible();
  await expect(page.getByTestId("browse-listed-above")).toBeHidden();
  expect(errors).toEqual([]);
});

test("the capsule page credits its submitter as the reader does, and never with a name it did not put on this capsule", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/capsules/${fixture.capsuleId}`);
  // made without contributors: a wallet, though the same author named itself on its later capsule at this outlet
  await expect(page.getByTestId("capsule-submitter")).toHaveText(`wallet ${shortAddress(owner)}`);
  await expect(page.locator("[data-testid=timeline-step][data-step=submitted]")).toContainText(`by wallet ${shortAddress(owner)}`);
  await expect(page.getByTestId("capsule-submitter")).not.toContainText(NAME);
  await page.goto(`/read/${fixture.capsuleId}`);
  // the reader's page names it by role and outlet, and not by the name it gave itself on the later capsule
  await expect(page.getByTestId("byline-author")).toHaveText(new RegExp(`^an? (journalist|reporter|editor) at ${fixture.outletName}$`));
  // where the author named itself, that name
  await page.goto(`/capsules/${namedId}`);
  await expect(page.getByTestId("capsule-submitter")).toHaveText(`${NAME} (${shortAddress(owner)})`);
  await expect(page.locator("[data-testid=timeline-step][data-step=submitted]")).toContainText(`by ${NAME} (${shortAddress(owner)})`);
  await bothWidths(page, "capsule-named-submitter", "polish-three");
  expect(errors).toEqual([]);
});

test("a new outlet's capsule says in plain words that its outlet was not yet a trusted publisher", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/capsules/${fixture.capsuleId}`);
  const line = page.getByTestId("capsule-trusted-publisher");
  await expect(line).toHaveText("Its outlet was not yet a trusted publisher when this was submitted: an outlet becomes one once enough of its articles are accepted by vote and none is labelled misleading or fraudulent in the last year. How it is decided");
  await expect(line).not.toContainText("Elevated");
  await expect(line.getByRole("link", { name: "How it is decided" })).toHaveAttribute("href", "/distribution");
  await bothWidths(page, "capsule-unnamed-submitter", "polish-three");
  expect(errors).toEqual([]);
});

test("a jury case says its period's end once, and that it can be moved on then", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  bench = await jury.seatBench(`polish3-bench-${stamp}`);
  const opened = await jury.dispute(disputer, fixture.capsuleId, {
    claim: "Trams will run every five minutes from the first day.",
    evidenceId: fixture.evidenceId,
    grounds: "The timetable cited as evidence has trams every twelve minutes in the first month, not every five.",
    requestedLabel: "misleading",
  });
  await signedInAt(page, DISPUTER, `/court/${opened.case.caseId}`);
  const panel = page.getByTestId("jury-panel");
  await expect(panel.getByTestId("jury-period")).toHaveText(/Round 1 · Evidence/);
  await expect(panel.getByTestId("move-on-not-yet")).toHaveText("You can move the case on when this period ends.");
  // the end (date, time and zone) and the time left appear once in the jury card, on its "Ends" line
  const card = panel.locator("#jury-status");
  const end = (await card.locator("time").first().textContent()) ?? "";
  expect(end).toMatch(/\d{1,2}:\d{2}/);
  await expect(card.getByText(/^Ends /)).toContainText(end);
  const text = await card.innerText();
  expect(text.split(end).length - 1).toBe(1);
  expect(text.match(/min left/g)).toHaveLength(1);
  await bothWidths(page, "case-end-once", "polish-three");
  expect(errors).toEqual([]);
});

test("a new wallet's first steps: its bond says nothing is locked, and an empty outlet form says what is missing in one way", async ({ page }) => {
  const errors = watchConsole(page);
  const newcomer = freshWallet();
  await jury.fund(newcomer, "100", "0");
  await signedInAt(page, newcomer.key, "/bonds");
  await expect(page.getByTestId("bond-bonded")).toHaveText("0 CAP");
  await expect(page.getByTestId("no-roles")).toBeVisible();
  await expect(page.getByTestId("lock-rule")).toHaveText("You hold no role yet, so nothing is locked: all of your bond can be withdrawn. Once you hold a role, the bond it requires stays locked for as long as you hold it.");
  await bothWidths(page, "bonds-new-wallet", "polish-three");

  await page.goto("/outlets");
  const form = page.getByRole("form", { name: "Register an outlet" });
  await form.getByRole("button", { name: "Register outlet" }).click();
  for (const field of ["slug", "name", "domain"]) await expect(page.locator(`#outlet-${field}-error`)).toHaveText("This field is required.");
  await expect(page.locator("#outlet-metadataURI-error")).toHaveCount(0);
  await form.getByLabel("Domain").fill("localhost");
  await expect(page.locator("#outlet-domain-error")).toHaveText("localhost is not a public domain");
  await bothWidths(page, "outlet-form-empty", "polish-three");
  expect(errors).toEqual([]);
});
