import { expect, test } from "@playwright/test";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";

// Issue 31, item 12: evidence added after finalization had no form. The author adds a file from the
// capsule page; it is stored in the vault, and the reader's page lists it apart from the voted evidence.

const OWNER = 9;
const run = Date.now().toString(36).slice(-5);
const slug = `later-${run}`;
let articleId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, "The Later Ledger");
  articleId = await desk.finalized(OWNER, slug, `Harbour fees ${run}`, "Harbour fees rose this year.");
});

test("the author adds evidence to a published article from the capsule page; readers see it apart", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  await page.goto(`/capsules/${articleId}`);
  const form = page.getByTestId("later-evidence-form");
  await expect(form.getByRole("heading", { name: "Add evidence after publication" })).toBeVisible();
  // nothing chosen: it says what is missing, in words, and sends nothing
  await form.getByRole("button", { name: "Add this evidence" }).click();
  await expect(form.getByText("Choose the file first.")).toBeVisible();
  await expect(form.getByText("Say in a few words what the file is.")).toBeVisible();

  const table = Buffer.from(`port,fee,year\nA,112,2026\nB,98,2026 ${run}\n`);
  await form.getByLabel("Evidence file to add").setInputFiles({ name: "fees-2026.csv", mimeType: "text/csv", buffer: table });
  await expect(form.getByTestId("later-evidence-file")).toHaveText("fees-2026.csv");
  await expect(form.getByLabel("Description")).toHaveValue("fees-2026.csv");
  await form.getByLabel("Description").fill("Port fee table for 2026");
  await bothWidths(page, "later-evidence-form", "round-two");
  await form.getByRole("button", { name: "Add this evidence" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Added “Port fee table for 2026”" })).toBeVisible();
  const read = await readerDesk().call(capsuleRead, { params: { id: articleId } });
  expect(read.evidence.map((e) => [e.label, e.isPrimary, e.mimeType])).toEqual([["Port fee table for 2026", false, "text/csv"]]);

  await page.goto(`/read/${articleId}`);
  const later = page.getByTestId("reader-later-evidence");
  await expect(later).toContainText("Added after publication, not part of the voted manifest");
  await expect(later).toContainText("Port fee table for 2026");
  await bothWidths(page, "later-evidence-article", "round-two");
  expect(errors).toEqual([]);
});

test("a reader who is not the author or a contributor is offered no form", async ({ page }) => {
  await installTestWallet(page, 2);
  await page.goto("/newsroom");
  await signIn(page);
  await page.goto(`/capsules/${articleId}`);
  await expect(page.getByTestId("capsule-article")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Evidence" })).toBeVisible();
  // signed in (the form waits for the session), yet not the author: no form
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByTestId("later-evidence-form")).toHaveCount(0);
});
