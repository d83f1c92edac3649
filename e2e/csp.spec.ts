import { expect, test, type Page } from "@playwright/test";
import { readerDesk } from "./support/reader-fixture";

// Issue 25, item 8: every page carries a Content-Security-Policy whose scripts run by nonce only
// (no inline event handler runs), framing as suits the page (the embed frameable, the desk and the
// reader not), and no page breaks it: Chromium reports no violation while the pages load and work.

const OWNER = 3;
const run = Date.now().toString(36).slice(-5);
const slug = `csp-post-${run}`;
let articleId = "";

const DESK_PAGES = ["/", "/newsroom", "/capsules/new", "/outlets", `/outlets/${slug}`, "/court", "/bonds", "/bounties", "/burn", "/distribution", "/rights", "/network", "/operator", "/operator/webhooks", "/inbox", "/docs/api"];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, "The Policy Post");
  articleId = await desk.finalized(OWNER, slug, `Night buses return ${run}`, `Night buses return ${run}.\n\nThree lines run again from Friday.`);
});

/** Collects every CSP violation the page reports (the DOM event and Chromium's console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

function expectPagePolicy(policy: string | undefined, path: string) {
  expect(policy, path).toBeDefined();
  expect(policy, path).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(policy, path).toContain("script-src-attr 'none'");
  expect(policy, path).toContain("object-src 'none'");
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).not.toContain("'unsafe-eval'");
}

test("desk pages send a nonce policy that forbids framing, and run without a violation", async ({ page }) => {
  test.setTimeout(300_000);
  const violations = await watchViolations(page);
  const nonces = new Set<string>();
  for (const path of DESK_PAGES) {
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status(), path).toBe(200);
    const policy = response?.headers()["content-security-policy"];
    expectPagePolicy(policy, path);
    expect(policy, path).toContain("connect-src 'self';");
    nonces.add(/'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? "");
    // the page's own scripts ran: React hydrated and the page loaded its data (the API reference's renderer is a
    // 1.5 MB script, slow to parse on a busy two-core machine, so the wait is longer than the default)
    await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText(/could not be loaded|is unavailable/), path).toHaveCount(0);
  }
  expect(nonces.size, "a fresh nonce on every page").toBe(DESK_PAGES.length);
  // client-side navigation and a page that reads data in the browser still work under the policy
  await page.goto("/operator");
  await expect(page.getByTestId("meta-chain-id")).toHaveText("77117002 (0x498b64a)");
  expect(violations).toEqual([]);
});

test("the article page sends the policy, runs its island script by nonce, and has no violation", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const response = await page.goto(`/read/${articleId}`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  const policy = response?.headers()["content-security-policy"];
  expectPagePolicy(policy, "/read/:id");
  // the finalization check asks a node the reader names: any http(s) origin, nothing else
  expect(policy).toContain("connect-src 'self' http: https:");
  const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  const html = await (await request.get(`/read/${articleId}`)).text();
  expect(html).toMatch(/<script[^>]*src="\/islands\/reader\.js"[^>]*nonce="[^"]+"/);
  expect(html).not.toContain(`nonce="${nonce}"`); // another request, another nonce
  // the island script ran: the body hash check shows, and the phone menu opens
  await expect(page.getByTestId("body-hash-check")).toContainText("✓");
  await page.setViewportSize({ width: 360, height: 800 });
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  expect(violations).toEqual([]);
});

test("an inline event handler never runs on a page", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/outlets", { waitUntil: "load" });
  const ran = await page.evaluate(() => {
    const button = document.createElement("button");
    button.setAttribute("onclick", "window.__inlineHandlerRan = true");
    document.body.append(button);
    button.click();
    return (window as unknown as { __inlineHandlerRan?: boolean }).__inlineHandlerRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.some((v) => v.includes("script-src-attr"))).toBe(true);
});

test("the embed is frameable by any site, script-free, and loads in a frame without a violation", async ({ page, request }) => {
  const response = await request.get(`/embed/${articleId}`);
  expect(response.status()).toBe(200);
  const policy = response.headers()["content-security-policy"];
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors *");
  const violations = await watchViolations(page);
  await page.goto(`/embed/${articleId}`);
  await expect(page.getByTestId("embed-label")).toBeVisible();
  expect(violations).toEqual([]);
});
