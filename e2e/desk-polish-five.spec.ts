import { expect, test } from "@playwright/test";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { newsroomDesk } from "./support/newsroom-desk";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";

// Desk polish, fifth round: the journalist of a published article is led to a correction (and not to a dispute the
// jury court refuses from its own author); "Submit and pay" names the fields that hold it back and takes the writer
// to the first; an Editor about to vote is shown the way to the article, which sits far below the buttons on a phone.

test.describe.configure({ mode: "serial" });

const OWNER = 8; // the outlet's owner: its Editor, and the submitter of both capsules
const DISPUTER = 9;
const stamp = Date.now().toString(36);
const desk = courtDesk();
const newsroom = newsroomDesk();
let fixture: CourtFixture;
let pendingId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: DISPUTER, slug: `polish5-${stamp}`, outletName: "The Fifth Polish Post", title: `Ferry pier rebuilt ${stamp}` });
  pendingId = await newsroom.pendingCapsule(OWNER, fixture.outletSlug, `Market hall reopens ${stamp}`, "Noor Vance");
});

test("the journalist of a published article is offered a correction, and the dispute page sends its author there too", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, `/capsules/${fixture.capsuleId}`);
  const nav = page.getByRole("navigation", { name: "Capsule" });
  await expect(nav.getByRole("link", { name: "Publish a correction" })).toHaveAttribute("href", `/capsules/${fixture.capsuleId}/history#correction`);
  // the jury court refuses a case from the article's own author: no link to a form that ends in that refusal
  await expect(nav.getByRole("link", { name: "Open a dispute" })).toHaveCount(0);
  await bothWidths(page, "capsule-own-article", "polish-five");
  await nav.getByRole("link", { name: "Publish a correction" }).click();
  await page.waitForURL(`**/capsules/${fixture.capsuleId}/history#correction`);
  // the writer lands in the correction's reason, not at the top of the version list
  await expect(page.getByLabel("Reason")).toBeFocused();
  await expect(page.getByLabel("Reason")).toBeInViewport();
  await bothWidths(page, "history-correction", "polish-five");

  await page.goto(`/capsules/${fixture.capsuleId}/dispute`);
  await expect(page.getByTestId("dispute-own-article")).toContainText("You submitted this article");
  await expect(page.getByTestId("dispute-own-article").getByRole("link", { name: "Publish a correction" })).toHaveAttribute("href", `/capsules/${fixture.capsuleId}/history#correction`);
  await expect(page.getByRole("form", { name: "Open a dispute" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /open the jury case/ })).toHaveCount(0);
  await bothWidths(page, "dispute-own-article", "polish-five");
  expect(errors).toEqual([]);
});

test("another bonded wallet is offered the dispute and no correction", async ({ page }) => {
  await signedInAt(page, DISPUTER, `/capsules/${fixture.capsuleId}`);
  const nav = page.getByRole("navigation", { name: "Capsule" });
  await expect(nav.getByRole("link", { name: "Open a dispute" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Publish a correction" })).toHaveCount(0);
  await page.goto(`/capsules/${fixture.capsuleId}/dispute`);
  await expect(page.getByRole("form", { name: "Open a dispute" })).toBeVisible();
  await expect(page.getByTestId("dispute-own-article")).toHaveCount(0);
});

test("Submit and pay names the fields that hold it back and takes the writer to the first one", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, `/capsules/new?outlet=${fixture.outletSlug}`);
  await page.getByLabel("Title").fill(`Lighthouse lamp replaced ${stamp}`);
  await page.getByLabel("Body", { exact: true }).fill("The lighthouse lamp was replaced on Tuesday.\n\nThe harbour master confirmed it.");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await page.getByLabel("Source URL").fill("not a link");
  // saved without the source URL
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "partial");
  const notReady = page.getByTestId("submit-not-ready");
  // the author's row has no display name yet, and the source URL is not one
  await expect(notReady).toContainText("Fix the marked fields before submitting: source URL; and enter your display name under Contributors.");
  await expect(page.getByRole("button", { name: "Submit and pay 30 CAP" })).toBeDisabled();
  await notReady.scrollIntoViewIfNeeded();
  await bothWidths(page, "draft-not-ready", "polish-five");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await notReady.scrollIntoViewIfNeeded();
    await expect(page.getByLabel("Source URL")).not.toBeInViewport();
    await notReady.getByRole("button", { name: "Go to the first marked field" }).click();
    await expect(page.getByLabel("Source URL")).toBeFocused();
    await expect(page.getByLabel("Source URL")).toBeInViewport();
  }
  await page.getByLabel("Source URL").fill("https://harbour.example.org/lamp");
  await expect(notReady).toContainText("Enter your display name under Contributors before submitting: it is the name readers see in the byline.");
  await notReady.getByRole("button", { name: "Go to the first marked field" }).click();
  await expect(page.getByTestId("contributor-item").first().getByLabel("Display name")).toBeFocused();
  await page.getByTestId("contributor-item").first().getByLabel("Display name").fill("Noor Vance");
  await expect(page.getByRole("button", { name: "Submit and pay 30 CAP" })).toBeEnabled();
  await expect(notReady).toHaveCount(0);
  await bothWidths(page, "draft-ready", "polish-five");
  expect(errors).toEqual([]);
});

test("an Editor about to vote is shown the way to the article, far below the buttons on a phone", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, OWNER, `/capsules/${pendingId}`);
  await expect(page.getByRole("button", { name: "Vote yes" })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  const article = page.locator("#article");
  await expect(article).not.toBeInViewport();
  await page.getByTestId("vote-read-first").getByRole("link", { name: "the article, its evidence and contributors" }).click();
  await expect(article.getByRole("heading", { name: "Article" })).toBeInViewport();
  await page.goto(`/capsules/${pendingId}`);
  await bothWidths(page, "vote-read-first", "polish-five");
  expect(errors).toEqual([]);
});
