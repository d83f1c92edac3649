import { expect, test, type Page } from "@playwright/test";
import { capsuleClaims } from "@/features/capsules/claims.endpoint";
import { ZClaimsResponse } from "@/features/capsules/claims.schema";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDesk } from "./support/capsule-desk";
import { installTestWallet } from "./support/test-wallet";
import { axeOf, expectNoOverflowAt360, selectInBody, shot, signIn, watchConsole } from "./support/page-helpers";

// Claims in the editor (issue 27): the author selects words of the body, marks them as a claim and
// picks its evidence; a claim without evidence is shown as unsupported (in the editor and on the
// desk's capsule page); editing the body keeps the claims whose quote still matches and flags the
// other. What the page saved is read back through the bridge.

test.describe.configure({ mode: "serial" });

const AUTHOR = 1; // owner of its own outlet, so an Editor there (an author role)
const slug = `claims-${Date.now().toString(36)}`;
const body = "Turnout was 61 percent, the registrar said.\n\nIn 2019 turnout was 54 percent. The mayor called it a record.";
const desk = capsuleDesk();
let draftId = "";

/** Serious or critical axe-core violations (WCAG 2.1 A/AA) of the claims section, as the accessibility spec checks pages. */
async function claimViolations(page: Page) {
  const result = await axeOf(page).include("[data-testid=claims-editor]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test.beforeAll(async () => {
  await desk.activeOutlet(AUTHOR, slug, "The Claims Desk");
  const evidence = [
    { uri: "https://archive.example.org/registrar", contentHash: `0x${"11".repeat(32)}`, evidenceType: "archived_page" as const, mimeType: "text/html", isPrimary: true, label: "Registrar's results page" },
    { uri: "https://data.example.org/2019.csv", contentHash: `0x${"12".repeat(32)}`, evidenceType: "data" as const, mimeType: "text/csv", label: "2019 results table" },
  ];
  const created = await desk.call(capsuleCreate, { body: { title: "Turnout hits a record", body, outletSlug: slug, evidence } }, AUTHOR);
  draftId = created.capsuleId;
});

test("the author marks claims with their evidence; unsupported and broken claims are flagged", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, AUTHOR);
  // signed in first, then to the draft through the newsroom (a draft is read only with the session's signed read)
  await page.goto("/newsroom");
  await signIn(page);
  await page.getByTestId("my-drafts").getByRole("link", { name: "Turnout hits a record" }).click();
  await page.waitForURL(new RegExp(`/capsules/${draftId}/edit$`));
  await expect(page.getByRole("heading", { name: `Draft #${draftId}`, level: 1 })).toBeVisible();
  const claims = page.getByTestId("claims-editor");
  await expect(claims.getByTestId("claim-list-empty")).toBeVisible();

  // nothing selected: the editor says what to do
  await page.locator("#draft-body").evaluate((area) => (area as HTMLTextAreaElement).setSelectionRange(0, 0));
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  await expect(claims.getByTestId("claim-hint")).toHaveText("Select the words of the claim in the body first, then press “Mark as claim”.");

  // the second "percent" figure, with the 2019 table as its evidence
  await selectInBody(page, "54 percent");
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  const form = claims.getByRole("group", { name: "New claim" });
  await expect(form.getByTestId("new-claim-quote")).toHaveText("“54 percent”");
  // the kind is the author's choice, not a default: saving without one says so and saves nothing
  await expect(form.getByLabel("Kind of claim")).toHaveValue("");
  await expect(form.getByLabel("Kind of claim").locator("option:checked")).toHaveText("Choose a kind");
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Choose the kind of claim: a statistic, a quote, an event…");
  await expect(form.getByLabel("Kind of claim")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Kind of claim")).toBeFocused();
  await expect(form).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await form.screenshot({ path: `test-results/screenshots/claim-kind-required-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByLabel("Kind of claim").selectOption("statistic");
  await expect(form.getByTestId("field-error")).toHaveCount(0);
  await form.getByLabel("2019 results table").check();
  await form.getByLabel("Note for the desk (optional)").fill("Official 2019 results");
  expect(await claimViolations(page), "the new-claim form").toEqual([]);
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(form).toBeHidden();

  // a figure earlier in the text: saved first in article order, with the registrar's page
  await selectInBody(page, " 61 percent");
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  await expect(form.getByTestId("new-claim-quote")).toHaveText("“61 percent”");
  await form.getByLabel("Kind of claim").selectOption("statistic");
  await form.getByLabel("Registrar's results page").check();
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(form).toBeHidden();

  // an attribution with no evidence: saved, and shown as unsupported
  await selectInBody(page, "The mayor called it a record.");
  await claims.getByRole("button", { name: "Mark as claim" }).click();
  await form.getByLabel("Kind of claim").selectOption("attribution");
  await form.getByRole("button", { name: "Save claim" }).click();
  await expect(form).toBeHidden();

  const items = claims.getByTestId("claim-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Claim 1");
  await expect(items.nth(0)).toContainText("“61 percent”");
  await expect(items.nth(0)).toContainText("Evidence: Registrar's results page");
  await expect(items.nth(1)).toContainText("“54 percent”");
  await expect(items.nth(1)).toContainText("Evidence: 2019 results table");
  await expect(items.nth(1)).toContainText("Note: Official 2019 results");
  await expect(items.nth(2)).toContainText("Attribution");
  await expect(items.nth(2).getByTestId("claim-unsupported")).toHaveText("Unsupported: no evidence picked");
  await expect(claims.getByTestId("claims-warning")).toHaveText("1 claim has no supporting evidence.");

  const saved = ZClaimsResponse.parse(await desk.call(capsuleClaims, { params: { id: draftId } }, AUTHOR));
  expect(saved.items.map((c) => [c.ordinal, c.exact, c.claimType, c.evidenceIds.length, c.anchored])).toEqual([
    [1, "61 percent", "statistic", 1, true],
    [2, "54 percent", "statistic", 1, true],
    [3, "The mayor called it a record.", "attribution", 0, true],
  ]);
  expect(await claimViolations(page), "the claim list").toEqual([]);
  await shot(page, "claims-editor-1280");
  await page.setViewportSize({ width: 360, height: 800 });
  await claims.scrollIntoViewIfNeeded();
  await shot(page, "claims-editor-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflowAt360(page);

  // editing the body: the claim whose words changed is flagged after the autosave; the others stay
  await page.locator("#draft-body").fill(body.replace("61 percent", "62 percent"));
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect(items.nth(0).getByTestId("claim-unanchored")).toHaveText("The quoted words are no longer in the body.");
  await expect(items.nth(1).getByTestId("claim-unanchored")).toHaveCount(0);
  await expect(items.nth(2).getByTestId("claim-unanchored")).toHaveCount(0);
  await expect(claims.getByTestId("claims-warning")).toContainText("1 claim quotes text no longer in the body");
  // submitting waits for the claim to be fixed, and says which one
  const submitPanel = page.getByTestId("submit-panel");
  await expect(submitPanel.getByRole("button", { name: /^Submit and pay/ })).toBeDisabled();
  await expect(submitPanel).toContainText("Claim 1 quotes words no longer in the body: mark it again or remove it under Claims before submitting.");
  await shot(page, "claims-editor-flagged");

  // removing the flagged claim renumbers the rest
  await claims.getByRole("button", { name: "Remove claim 1" }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Claim 1");
  await expect(items.nth(0)).toContainText("“54 percent”");
  await expect(submitPanel.getByRole("button", { name: /^Submit and pay/ })).toBeEnabled();
  const after = ZClaimsResponse.parse(await desk.call(capsuleClaims, { params: { id: draftId } }, AUTHOR));
  expect(after.items.map((c) => [c.ordinal, c.exact, c.anchored])).toEqual([
    [1, "54 percent", true],
    [2, "The mayor called it a record.", true],
  ]);

  expect(errors, "console errors on the editor").toEqual([]);

  // the desk's page of the draft (its author is an Editor of the outlet) lists them, unsupported flagged.
  // (That page's first, anonymous reads of a draft answer 404 before the session's signed read; its
  // console is not checked here.)
  await page.goto(`/capsules/${draftId}`);
  const deskClaims = page.locator("section").filter({ has: page.getByRole("heading", { name: "Claims", exact: true }) });
  await expect(deskClaims.getByTestId("claim-item")).toHaveCount(2);
  await expect(deskClaims.getByTestId("claim-unsupported")).toHaveCount(1);
  await expect(deskClaims.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await shot(page, "claims-desk-1280");
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, "claims-desk-360");
  await context.close();
});
