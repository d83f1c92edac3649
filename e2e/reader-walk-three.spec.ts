import { expect, test, type Page, type Route } from "@playwright/test";
import { readerDesk } from "./support/reader-fixture";
import { freshWallet, juryChain } from "./support/jury-chain";
import { bothWidths, expectNoOverflowAt360, watchConsole } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

// The reader's article as readers meet it, third walk: right-to-left text and a bidirectional isolate left open in a
// claim's quote keep the page's own marks where they belong; a node that does not answer is said so, with a way to
// ask again, and nothing reads as checked; long claims, evidence titles and outlet names fit a 360 px screen; and the
// history page and the court case a label leads to, walked from the keyboard at both widths.

test.describe.configure({ mode: "serial" });

const OWNER = 5;
const run = Date.now().toString(36).slice(-5);
const slug = `walk-three-${run}`;
// one word of 100+ letters: nothing to break it at but the page's own wrapping
const outletName = outletNameOfRun(`TheHarbourMunicipalIndependentCooperativeNewsroomAndRiversideEveningChronicle${run}`);
const title = `Port fees and the mayor ${run}`;
const ARABIC = "مرحبا بكم في الميناء";
const RLI = "\u2067";
const PDI = "\u2069";
const reference = `PortFeeScheduleReference${"0123456789".repeat(12)}`;
const body = `${title}.\n\nThe mayor said ${RLI}${ARABIC}${PDI} at noon on Monday, and the fees follow schedule ${reference} from May.`;
// the quote is cut before the PDI: it leaves its isolate open
const quote = `said ${RLI}${ARABIC}`;
const versions = { original: "", correction: "" };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, outletName);
  versions.original = await desk.finalizedWithClaims(
    OWNER,
    slug,
    title,
    body,
    [
      { uri: "https://archive.example.net/speech", contentHash: `0x${"ab".repeat(32)}`, evidenceType: "transcript", mimeType: "text/html", isPrimary: true, label: `${ARABIC}: the speech` },
      { uri: `https://archive.example.net/${"schedules-and-tariffs-".repeat(8)}2026.pdf`, contentHash: `0x${"cd".repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", label: `Port${"FeeScheduleAnnex".repeat(12)}` },
    ],
    [
      { exact: quote, claimType: "quote", evidence: [0], note: "Said at the quay" },
      { exact: `schedule ${reference}`, claimType: "other", evidence: [1] },
    ],
  );
  versions.correction = await desk.finalizedCorrection(OWNER, versions.original, body.replace("at noon", "at one"), `The speech was at one, not at noon (${ARABIC}).`);
});

const doneChecking = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 80) {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

test("a claim's right-to-left quote with its isolate left open keeps the quote marks in place", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${versions.original}`);
  await doneChecking(page);
  const quoteBlock = page.getByTestId("reader-claim-quote").first();
  await expect(quoteBlock).toContainText(ARABIC);
  // laid out, the opening mark is the leftmost glyph of the quote and the closing mark the rightmost: the open
  // isolate in the quote did not carry either of them into the right-to-left run
  const layout = await quoteBlock.evaluate((block) => {
    const text = block.textContent ?? "";
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const first = nodes[0]!;
    const last = nodes[nodes.length - 1]!;
    const rectOf = (node: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return range.getBoundingClientRect();
    };
    const inner = document.createRange();
    inner.setStart(first, 1);
    inner.setEnd(last, last.length - 1);
    const innerRect = inner.getBoundingClientRect();
    return { text, open: rectOf(first, 0, 1).right, close: rectOf(last, last.length - 1, last.length).left, innerLeft: innerRect.left, innerRight: innerRect.right };
  });
  expect(layout.text.startsWith("“") && layout.text.endsWith("”")).toBe(true);
  expect(layout.open).toBeLessThanOrEqual(layout.innerLeft + 1);
  expect(layout.close).toBeGreaterThanOrEqual(layout.innerRight - 1);

  // in the article's text, the claim's "[1]" follows the marked quote, not the right-to-left run inside it
  const marked = page.getByTestId("reader-body").locator("mark[data-claim='1']");
  await expect(marked).toHaveText(quote);
  const mark = await marked.boundingBox();
  const marker = await page.getByTestId("reader-body").locator("[data-claim-marker='1']").boundingBox();
  expect(mark && marker && Math.abs(marker.y - mark.y) < mark.height).toBe(true); // on the same line
  expect(marker!.x).toBeGreaterThanOrEqual(mark!.x + mark!.width - 1);

  // the evidence title in Arabic: "(primary)" stays after it
  const evidenceLink = page.getByTestId("reader-claim-evidence").first().getByRole("link");
  await expect(evidenceLink).toHaveText(`${ARABIC}: the speech (primary)`);
  const after = await evidenceLink.evaluate((link) => {
    const title = link.querySelector("bdi")!.getBoundingClientRect();
    const rest = document.createRange();
    rest.selectNodeContents(link.lastChild!);
    return { titleRight: title.right, restLeft: rest.getBoundingClientRect().left };
  });
  expect(after.restLeft).toBeGreaterThanOrEqual(after.titleRight - 1);
  expect(errors).toEqual([]);
});

test("long claims, evidence titles and the outlet's name fit at 360 px, and the claims stay readable", async ({ page }) => {
  await page.goto(`/read/${versions.original}`);
  await doneChecking(page);
  await expect(page.getByTestId("finalization-summary")).toHaveAttribute("data-verdict", "ok");
  await expect(page.getByTestId("reader-outlet-name")).toHaveText(outletName);
  await page.setViewportSize({ width: 360, height: 800 });
  // the elements and text that reach past the screen's right edge, named, so a failure says what overflows
  const wider = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""}.${el.className.toString().slice(0, 60)}`;
    const elements = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > edge).map(name);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      // (text kept for screen readers is clipped to a pixel, wherever its words would run)
      if (range.getBoundingClientRect().right > edge && !n.parentElement?.closest(".sr-only")) texts.push(`text in ${name(n.parentElement!)}: ${(n.textContent ?? "").slice(0, 40)}`);
    }
    return [...elements, ...texts, ...(document.documentElement.scrollWidth > edge ? [`scrollWidth ${document.documentElement.scrollWidth}`] : [])];
  });
  expect(wider).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // each claim note is inside the screen, and its text wraps within it
  for (const note of await page.getByTestId("reader-claim").all()) {
    const box = await note.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await note.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // the marker after the long claim stays whole ("[2]", not "[2" and "]" on two lines)
  expect(await page.getByTestId("reader-body").locator("[data-claim-marker='2']").evaluate((el) => el.getClientRects().length)).toBe(1);
  await page.getByTestId("reader-claims").screenshot({ path: "test-results/screenshots/walk-three-claims-360.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("reader-claims").screenshot({ path: "test-results/screenshots/walk-three-claims-1280.png" });
  await bothWidths(page, "article", "walk-three");
});

test("a node that does not answer: 'checking…', then 'not checked yet' with a retry, never a ✓ it did not earn", async ({ page }) => {
  // a delaying proxy in front of the site's /rpc (and so of anvil): it holds the calls `holds` names until the test
  // lets them go; first every call, then only the label check's and the latest-version walk's (their reads of the
  // chain's indexes at the head, eth_call "latest", and the logs; the finalization's reads name its block)
  let holds: (method: string, params: unknown[]) => boolean = () => true;
  const held: Route[] = [];
  await page.route("**/rpc", async (route) => {
    const call = route.request().postDataJSON() as { method?: string; params?: unknown[] } | null;
    if (holds(call?.method ?? "", call?.params ?? [])) held.push(route);
    else await route.fallback();
  });
  const release = async () => {
    for (const route of held.splice(0)) await route.fallback(); // an earlier attempt's calls, answered late and set aside
  };
  await page.goto(`/read/${versions.original}`);
  const summary = page.getByTestId("finalization-summary");
  const section = page.getByTestId("finalization");
  // the only ✓ the browser can give without the node is its own hash of the text
  const unearned = section.locator("li:not([data-testid='body-hash-check'])").filter({ hasText: "✓" });
  await expect(summary).toHaveAttribute("data-verdict", "checking");
  await expect(summary).toHaveText("Checking that this is the text the editors approved and the label it carries…");
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(unearned).toHaveCount(0);

  await expect(summary).toHaveAttribute("data-verdict", "overdue", { timeout: 40_000 });
  const notYet = /^Not checked yet: this site’s \/rpc has not answered in 15 seconds, so this page cannot say yet whether this is the text the editors approved or whether its label holds\./;
  await expect(summary).toHaveText(notYet);
  await expect(page.getByTestId("finalize-block")).toHaveText("no answer yet");
  await expect(page.getByTestId("finalization-check-overdue")).toBeVisible();
  await expect(unearned).toHaveCount(0);
  await expect(summary).not.toContainText("✓");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `test-results/screenshots/walk-three-slow-node-${width}.png` });
  }
  await expectNoOverflowAt360(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // asked again from the keyboard, the node answers for the transaction but not for the label: the label is not
  // passed off as checked, and the verdict waits, then says so again
  holds = (method, params) => (method === "eth_call" && params[1] === "latest") || method === "eth_getLogs";
  const retry = page.getByTestId("finalization-retry");
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(summary).toBeFocused();
  await release();
  await expect(page.getByTestId("finalization-check")).toHaveText(/^✓ Your browser read this transaction/);
  await expect(page.getByTestId("label-check")).toHaveAttribute("data-outcome", "checking");
  await expect(summary).toHaveAttribute("data-verdict", "checking");
  await expect(page.getByTestId("label-check")).toHaveAttribute("data-outcome", "overdue", { timeout: 40_000 });
  await expect(page.getByTestId("label-check")).toHaveText(/^– The label “.+” is not checked yet: this site’s \/rpc has not answered\.$/);
  await expect(page.getByTestId("latest-check")).toHaveAttribute("data-outcome", "overdue");
  await expect(summary).toHaveText(notYet);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `test-results/screenshots/walk-three-slow-label-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // the node is back
  holds = () => false;
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(summary).toBeFocused();
  await release();
  await expect(summary).toHaveAttribute("data-verdict", "ok");
  await expect(summary).toHaveText(/^✓ Checked: this is the text the editors approved/);
  await expect(page.getByTestId("label-check")).toHaveAttribute("data-outcome", "checked");
  await expect(retry).toHaveCount(0);
});

test("the revision history, from the keyboard at 360 and 1280: to the original and back", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${versions.correction}`);
  await doneChecking(page);
  const historyLink = page.getByRole("link", { name: "Revision history" });
  await page.locator("body").focus();
  await tabTo(page, historyLink, 200);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/read/${versions.correction}/history$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Versions of “${title}”`);
  await expect(page.getByTestId("history-version")).toHaveCount(2);
  await expect(page.getByTestId("history-outlet-name")).toHaveText(outletName);
  await bothWidths(page, "history", "walk-three");

  const original = page.locator(`[data-testid='history-version'][data-capsule-id='${versions.original}']`).getByRole("link", { name: "Read this version" });
  await tabTo(page, original);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/read/${versions.original}$`));
  await expect(page.getByTestId("superseded-note")).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: "Read the current version" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/read/${versions.correction}$`));
  expect(errors).toEqual([]);
});

test("the label leads to its court case, from the keyboard at 360 and 1280", async ({ page }) => {
  const errors = watchConsole(page);
  test.setTimeout(240_000);
  // an open jury case on the current version (opened last, after the walks above), so its label leads to the court
  const jury = juryChain();
  const bench = await jury.seatBench(`walk-three-bench-${run}`);
  const challenger = freshWallet();
  await jury.fund(challenger, "1000", "10");
  const opened = await jury.dispute(challenger, versions.correction, { grounds: `The speech was recorded at noon; the minutes say so (${ARABIC}).`, requestedLabel: "misleading" });
  await bench.leave();
  const caseId = opened.case.caseId;
  await page.goto(`/read/${versions.correction}`);
  await doneChecking(page);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "contested");
  const caseLink = page.getByTestId("reader-open-case").getByRole("link", { name: `Court case #${caseId}` });
  await page.locator("body").focus();
  await tabTo(page, caseLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/court/${caseId}$`));
  await doneChecking(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Court case #${caseId}`);
  await expect(page.getByTestId("case-outlet-name")).toHaveText(outletName);
  await bothWidths(page, "case", "walk-three");
  expect(errors).toEqual([]);
});
