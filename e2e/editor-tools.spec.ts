import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { vaultFetch } from "@/features/vault/fetch.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { axeOf, signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Toolbar Times");

// The editor, round two (issue 31): a formatting toolbar with keyboard shortcuts over the Markdown,
// word count and reading time, a standfirst, the content hash shown as it is computed (and checked on
// the vote page), and evidence added by link without "required" errors up front and without typing a
// SHA-256 (the browser hashes the downloaded copy).

const OWNER = 8;
const run = Date.now().toString(36).slice(-5);
const slug = `toolbar-${run}`;
const sha = (text: string | Buffer) => `0x${createHash("sha256").update(text).digest("hex")}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await readerDesk().outlet(OWNER, slug, OUTLET_NAME);
});

async function axeClean(page: Page, what: string) {
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), what).toEqual([]);
}

test("toolbar and shortcuts edit the Markdown; word count, reading time, standfirst and the content hash follow the text", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  await page.goto(`/capsules/new?outlet=${slug}`);
  await expect(page.getByRole("heading", { name: "New capsule", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Draft" });
  // the outlet is offered by its name, not its slug
  await expect(form.getByLabel("Outlet")).toHaveValue(slug);
  await expect(form.getByLabel("Outlet").locator("option:checked")).toHaveText(OUTLET_NAME);
  const body = form.getByLabel("Body", { exact: true });
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });

  await form.getByLabel("Title").fill(`Quay works ${run}`);
  await form.getByLabel("Standfirst (optional)").fill("The quay reopens in spring.");
  await body.fill("Works start today");
  // select "start" and make it bold with the button, then italic with the shortcut (the marks toggle)
  // the selection is back on "start" as soon as the edit is written, before the next frame: a key typed
  // right after a button must land where the selection is, not where a late restore moves it
  const afterBold = await body.evaluate(async (el: HTMLTextAreaElement) => {
    el.focus();
    el.setSelectionRange(6, 11);
    document.querySelector<HTMLButtonElement>('[data-testid="markdown-toolbar"] button[aria-label="Bold"]')?.click();
    await Promise.resolve();
    await Promise.resolve();
    return [el.value, el.selectionStart, el.selectionEnd];
  });
  expect(afterBold).toEqual(["Works **start** today", 8, 13]);
  await expect(body).toHaveValue("Works **start** today");
  await page.keyboard.press("Control+i");
  await expect(body).toHaveValue("Works ***start*** today");
  await page.keyboard.press("Control+i");
  await expect(body).toHaveValue("Works **start** today");
  // heading, list and quote prefix the line; a link selects its address for pasting over
  await page.keyboard.press("Control+Shift+H");
  await expect(body).toHaveValue("## Works **start** today");
  await page.keyboard.press("End");
  await page.keyboard.type("\nThe budget");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await expect(body).toHaveValue("## Works **start** today\n- The budget");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await expect(body).toHaveValue("## Works **start** today\n> - The budget");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" is set");
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 6, el.value.length));
  await page.keyboard.press("Control+k");
  await page.keyboard.type("https://port.example/budget");
  const text = "## Works **start** today\n- The budget [is set](https://port.example/budget)";
  await expect(body).toHaveValue(text);
  await expect(page.getByTestId("markdown-preview").getByRole("link", { name: "is set" })).toHaveAttribute("href", "https://port.example/budget");

  // counted on the rendered text: "Works start today The budget is set"
  await expect(page.getByTestId("writing-stats")).toHaveText("7 words · about 1 minute to read");
  // the content hash is the SHA-256 of exactly this body
  await expect(page.getByTestId("content-hash-value").first()).toHaveText(sha(text));
  await body.press("End");
  await page.keyboard.type(".");
  await expect(page.getByTestId("content-hash-value").first()).toHaveText(sha(`${text}.`));

  // saved with its standfirst; the vote page shows the recorded hash and checks the text against it
  await expect(page.getByTestId("autosave-status")).toContainText("All changes saved", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/capsules\/\d+\/edit$/);
  const id = /\/capsules\/(\d+)\/edit/.exec(page.url())?.[1];
  await page.reload();
  await expect(form.getByLabel("Standfirst (optional)")).toHaveValue("The quay reopens in spring.");
  await expect(form.getByTestId("draft-outlet")).toHaveText(OUTLET_NAME);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await axeClean(page, `editor at ${width} px`);
    const toolbarTops = await page.getByTestId("markdown-toolbar").getByRole("button").evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(toolbarTops).size, `the formatting buttons share one row at ${width} px`).toBe(1);
    await page.screenshot({ path: `test-results/screenshots/editor-tools-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/capsules/${id}`);
  const recorded = page.getByTestId("content-hash");
  await expect(recorded.getByTestId("content-hash-value")).toHaveText(sha(`${text}.`));
  await expect(recorded.getByTestId("content-hash-check")).toHaveText("✓ The text shown here hashes to it (checked in your browser).");
  // a draft's page waits for the session before reading it: no anonymous read, no 404 in the console
  expect(errors).toEqual([]);
});

test("evidence by link: no errors before typing, and the fingerprint comes from the downloaded file, not typed", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  await page.goto(`/capsules/new?outlet=${slug}`);
  const form = page.getByRole("form", { name: "Draft" });
  await form.getByLabel("Title").fill(`Evidence by link ${run}`);
  await form.getByLabel("Body", { exact: true }).fill("The minutes are linked below.");
  await form.getByRole("button", { name: "Add by link" }).click();
  const item = page.getByTestId("evidence-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByText("This field is required.")).toHaveCount(0);
  await expect(item.locator('[aria-invalid="true"]')).toHaveCount(0);
  // no hand-typed hash asked for: the field is behind "I already have the SHA-256"
  await expect(item.getByLabel("SHA-256")).toBeHidden();
  // the bridge can fetch an https link for them; this one names an internal host, and the refusal says so
  const fetchButton = item.getByRole("button", { name: /Fetch the link and compute its fingerprint/ });
  await expect(fetchButton).toBeDisabled();
  await item.getByLabel("Link", { exact: true }).fill("https://minutes.council.internal/minutes.pdf");
  await expect(fetchButton).toBeEnabled();
  await fetchButton.click();
  // the fetch's news is told beside its button (read out politely), not at the foot of the evidence list
  const news = item.getByTestId("evidence-fetch-news");
  await expect(news).toHaveText(/The link was not fetched: This link cannot be fetched: names under \.internal are internal/);
  await expect(news).toHaveAttribute("aria-live", "polite");
  await expect(fetchButton).toHaveAttribute("aria-describedby", (await news.getAttribute("id")) ?? "");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const [button, told] = [await fetchButton.boundingBox(), await news.boundingBox()];
    if (!button || !told) throw new Error("the fetch button or its news is not on screen");
    // on the button's row, or (narrow screens) the line right under it
    expect(told.y, `the news starts beside or just under the button at ${width} px`).toBeLessThan(button.y + button.height + 12);
    expect(told.y + told.height, `the news is not above the button at ${width} px`).toBeGreaterThan(button.y);
    await item.screenshot({ path: `test-results/screenshots/editor-evidence-fetch-news-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(item.getByTestId("evidence-hash-value")).toHaveText("Not computed yet");
  await item.getByLabel("Link", { exact: true }).fill("https://council.example/minutes.pdf");
  await expect(news).toHaveText("");
  await item.getByLabel("Description").fill("Council minutes");
  const minutes = Buffer.from(`Minutes of the harbour committee ${run}\n`);
  await item.getByLabel(/The file at this link/).setInputFiles({ name: "minutes.pdf", mimeType: "application/pdf", buffer: minutes });
  await expect(item.getByTestId("evidence-hash-value")).toHaveText(sha(minutes));
  await expect(item).toContainText("Computed in your browser from minutes.pdf.");
  await expect(item.getByLabel("File type")).toHaveValue("application/pdf");
  await expect(item).not.toContainText(/MIME|URI|basis points/);
  await expect(page.getByTestId("autosave-status")).toContainText("All changes saved", { timeout: 30_000 });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await axeClean(page, `evidence by link at ${width} px`);
    await item.screenshot({ path: `test-results/screenshots/editor-evidence-link-${width}.png` });
  }
  // the refused fetch is the only failed request (the browser logs its 400)
  expect(errors.filter((e) => !(e.includes("status of 400") && e.includes(pathOf(vaultFetch))))).toEqual([]);
});
