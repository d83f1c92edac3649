import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { devKeys } from "@/test/support/anvil";
import { readerDesk } from "./support/reader-fixture";
import { juryChain } from "./support/jury-chain";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";

// Desk polish (a first-time user's list): the timeline's "by" line sits under its step on a phone, the owner's
// own Editor role is given up (not "revoked") with a confirmation that says what it does, the court list's
// filters line up at 360 px, the court intro is short on a phone and the dispute page names no contract,
// the outlet page states the Elevated requirement once, and a signed-out reader gets no dead "move on" button.

const OWNER = 8; // outlet owner, its only Editor and the article's journalist
const DISPUTER = 9; // a bonded reader who opens a jury case on the article
const stamp = Date.now().toString(36).slice(-6);
let ids = { slug: `polish-${stamp}`, article: "", caseId: "" };

// One fixture per stack: a worker started again after a failed test reads it back instead of opening a second case.
const fixtureFile = path.resolve("test-results", "desk-polish-fixture.json");

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const saved = fs.existsSync(fixtureFile) ? (JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as { baseUrl: string; ids: typeof ids }) : undefined;
  if (saved && saved.baseUrl === process.env.CAPSULE_E2E_BASE_URL) {
    ids = saved.ids;
    return;
  }
  const desk = readerDesk();
  await desk.outlet(OWNER, ids.slug, `The Polish Courier ${stamp}`);
  ids.article = await desk.finalized(OWNER, ids.slug, `Ferry pier reopens ${stamp}`, "The ferry pier reopened on Monday after repairs.");
  await desk.deposit(DISPUTER, "10");
  // an open jury case: its pool is seated for the opening and leaves at once (nothing is decided here)
  const jury = juryChain();
  const bench = await jury.seatBench(`polish-bench-${stamp}`);
  const disputer = { key: devKeys[DISPUTER]!, address: privateKeyToAccount(devKeys[DISPUTER]!).address };
  const opened = await jury.dispute(disputer, ids.article, { grounds: "The pier reopened on Tuesday, not Monday.", requestedLabel: "misleading" });
  await bench.leave();
  ids.caseId = opened.case.caseId;
  fs.writeFileSync(fixtureFile, JSON.stringify({ baseUrl: process.env.CAPSULE_E2E_BASE_URL, ids }));
});

/**
 * The gap between the bottom of the text of the step's transaction link and the top of the text of its
 * wallet link (the text itself, not the link's box, which a 44 px touch target makes taller), measured in one
 * go so a panel loading above cannot move one between the two readings.
 */
const gapAboveBy = (page: Page) =>
  page.locator("[data-testid=timeline-step][data-step=submitted]").evaluate((step) => {
    const textRect = (el: Element | null) => {
      if (!el) throw new Error("no such link in the step");
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect();
    };
    return textRect(step.querySelector("[data-testid=address-link]")).top - textRect(step.querySelector("[data-testid=tx-link]")).bottom;
  });

test("the capsule page's timeline: the submitter's line follows its step without a gap, at 1280 and 360 px", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/capsules/${ids.article}`);
  const submitted = page.locator("[data-testid=timeline-step][data-step=submitted]");
  await expect(submitted).toContainText("by");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // the text of the next line starts within a few pixels of the line above (a line of text-xs is 16 px)
    expect(await gapAboveBy(page), `gap above "by" at ${width} px`).toBeLessThanOrEqual(8);
  }
  // a short address or transaction hash is never split over two lines (at 1280 px the timeline is a narrow column)
  const split: string[] = [];
  for (let width = 320; width <= 1280; width += 10) {
    await page.setViewportSize({ width, height: 900 });
    const lines = await submitted.locator("[data-testid=address-link], [data-testid=tx-link]").evaluateAll((links) => links.map((link) => link.getClientRects().length));
    if (lines.some((n) => n > 1)) split.push(`${width} px: ${lines.join(", ")} lines`);
  }
  expect(split).toEqual([]);
  await submitted.scrollIntoViewIfNeeded();
  await bothWidths(page, "capsule-timeline", "desk-polish");
  expect(errors).toEqual([]);
});

test("the owner's own Editor role is given up, not revoked, after a confirmation that says they stay the owner and are the only Editor", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, `/outlets/${ids.slug}`);
  const members = page.getByTestId("outlet-members");
  await expect(members.getByTestId("member-role")).toHaveText(["Editor"]);
  await expect(members.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await members.getByRole("button", { name: "Give up your Editor role" }).click();
  const confirm = page.getByTestId("revoke-confirm");
  await expect(confirm).toContainText("You stay the outlet’s owner");
  await expect(confirm).toContainText("You are its only Editor");
  await expect(confirm.getByRole("button", { name: "Give up Editor" })).toBeVisible();
  await confirm.scrollIntoViewIfNeeded();
  await bothWidths(page, "own-role-confirm", "desk-polish");
  await confirm.getByRole("button", { name: "Keep the role" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(members.getByTestId("member-role")).toHaveText(["Editor"]);
  expect(errors).toEqual([]);
});

test("the court list's three filters line up at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/court");
  const boxes = [];
  for (const id of ["case-outlet-filter", "case-period-filter", "case-outcome-filter"]) {
    const box = await page.getByTestId(id).boundingBox();
    if (!box) throw new Error(`${id} is not on the page`);
    boxes.push({ left: Math.round(box.x), right: Math.round(box.x + box.width) });
  }
  expect(boxes.map((b) => b.left)).toEqual([boxes[0]!.left, boxes[0]!.left, boxes[0]!.left]);
  expect(boxes.map((b) => b.right)).toEqual([boxes[0]!.right, boxes[0]!.right, boxes[0]!.right]);
  await bothWidths(page, "court-list", "desk-polish");
});

test("the court intro leaves the case list on a phone's first screen, and the dispute and bonds pages name no contract", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/court");
  await expect(page.getByTestId("case-rows")).toBeVisible();
  const firstCase = await page.getByTestId("case-rows").evaluate((el) => el.getBoundingClientRect().top);
  expect(firstCase, "the first case starts on the first screen").toBeLessThan(800);
  // the whole explanation is one click away, behind words that look like a link
  await expect(page.getByText("How a court case runs")).toHaveCSS("text-decoration-line", "underline");
  await page.getByText("How a court case runs").click();
  await expect(page.getByText("commits its findings in secret")).toBeVisible();
  await bothWidths(page, "court-intro", "desk-polish");

  await signedInAt(page, DISPUTER, `/capsules/${ids.article}/dispute`);
  await expect(page.getByText("Who may dispute")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("RoleRegistry");
  await expect(page.locator("main")).toContainText("Any wallet with a bond");
  await bothWidths(page, "dispute-page", "desk-polish");
  await page.goto("/bonds");
  await expect(page.getByTestId("bond-bonded")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("RoleRegistry");
});

test("the outlet page states what the Elevated tier needs once", async ({ page }) => {
  await page.goto(`/outlets/${ids.slug}`);
  await expect(page.getByTestId("distribution-next")).toContainText("To move up to Elevated");
  const main = page.locator("main");
  // the requirement sentence (decided capsules, acceptance rate) is written once, in the distribution report
  await expect(main.getByText(/Elevated .*needs/)).toHaveCount(0);
  await expect(main.getByText(/opens? at the Elevated tier/)).toHaveCount(1);
  await bothWidths(page, "outlet-tier", "desk-polish");
});

test("a signed-out reader of an open court case sees a hint to sign in, not a dead 'move on' button", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/court/${ids.caseId}`);
  const jury = page.getByTestId("jury-panel");
  await expect(jury.getByTestId("jury-period")).toBeVisible();
  await expect(jury.getByTestId("move-on-sign-in")).toBeVisible();
  await expect(page.getByRole("button", { name: /Move the case on/ })).toHaveCount(0);
  await bothWidths(page, "case-signed-out", "desk-polish");
  expect(errors).toEqual([]);
});
