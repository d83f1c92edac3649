import { expect, test, type Locator, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// Desk polish, seventh round (a walk through the product on a fresh stack): the folded sections of an article and
// of an author's page show that they open; a wallet's refusal of the submission's payment or of a bond deposit
// leaves the keyboard focus on the error, not on the page's start.

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const desk = readerDesk();
const owner = freshWallet(); // the outlet's owner, its only Editor and the journalist of both capsules
const stamp = Date.now().toString(36);
const slug = `polish7-${stamp}`;
let articleId = "";
let draftId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await jury.fund(owner, "5000", "0");
  await desk.outlet(owner.key, slug, "The Seventh Polish Post");
  const evidence = [{ uri: "https://archive.example.org/tram/report.pdf", contentHash: `0x${createHash("sha256").update(slug).digest("hex")}`, evidenceType: "document" as const, mimeType: "application/pdf", isPrimary: true, label: "Council report" }];
  articleId = await desk.finalizedWithClaims(owner.key, slug, `Tram line 4 reopens in spring ${stamp}`, `Tram line 4 reopens in spring.\n\nThe council said 12 stops will reopen in April.`, evidence, [
    { exact: "12 stops will reopen in April", claimType: "statistic", evidence: [0] },
  ]);
  draftId = await desk.draft(owner.key, slug, `Bridge repairs start ${stamp}`, "Bridge repairs start.\n\nThe works last six weeks.");
});

/** How a summary shows that it opens: the browser's own triangle (display: list-item) or one drawn before it; none: plain text. */
const markerOf = (summary: Locator) =>
  summary.evaluate((el) => {
    if (getComputedStyle(el).display === "list-item") return "native";
    const before = getComputedStyle(el, "::before");
    return before.content !== "none" && parseFloat(before.borderLeftWidth) > 0 ? `drawn ${before.transform}` : "none";
  });

/** Opens the summary from the keyboard and answers its marker once it is open. */
async function openByKeyboard(page: Page, summary: Locator): Promise<string> {
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(summary.locator("xpath=..")).toHaveAttribute("open", "");
  return markerOf(summary);
}

test("the article's technical checks and the author's wallet address show a triangle that turns when they open", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${articleId}`);
  const folded = ["Check this article yourself (technical)", "Check with your own node (technical)", "How anyone can check this record (technical)"];
  for (const name of folded) {
    const summary = page.locator("summary", { hasText: name });
    await expect(summary).toBeVisible();
    expect(await markerOf(summary), name).toBe("drawn none");
  }
  expect(await openByKeyboard(page, page.locator("summary", { hasText: folded[0] }))).toMatch(/^drawn matrix\(/);
  await bothWidths(page, "article-checks-open", "polish-seven");

  await page.goto(`/authors/${owner.address}`);
  const address = page.locator("summary", { hasText: "Wallet address" });
  expect(await markerOf(address)).toBe("drawn none");
  expect(await openByKeyboard(page, address)).toMatch(/^drawn matrix\(/);
  await expect(page.getByTestId("author-wallet")).toBeVisible();
  await bothWidths(page, "author-address-open", "polish-seven");
  expect(errors).toEqual([]);
});

test("a wallet refusing the submission's payment or a bond deposit leaves the focus on the error, next to its button", async ({ page }) => {
  const wallet = await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${draftId}/edit`);
  await signIn(page);
  const submit = page.getByRole("button", { name: "Submit and pay 30 CAP" });
  await expect(submit).toBeEnabled();

  wallet.rejectNext("eth_sendTransaction");
  await submit.click();
  const error = page.getByTestId("submit-error");
  await expect(error).toHaveText("You rejected the request in your wallet, so Capsule could not submit the capsule.");
  await expect(error).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(submit).toBeFocused();
  await bothWidths(page, "submit-wallet-refused", "polish-seven");

  // the same button, from the keyboard, submits
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until", { timeout: 60_000 });

  await page.goto("/bonds");
  const deposit = page.getByRole("form", { name: "Deposit into your bond" });
  await deposit.getByLabel("Amount (CAP)").fill("5");
  wallet.rejectNext("eth_sendTransaction");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  const depositError = page.getByTestId("deposit-error");
  await expect(depositError).toHaveText("You rejected the request in your wallet, so Capsule could not deposit the bond.");
  await expect(depositError).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(deposit.getByRole("button", { name: "Deposit" })).toBeFocused();
  await bothWidths(page, "deposit-wallet-refused", "polish-seven");
});
