import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { axeOf } from "./support/page-helpers";

// The specs run axe in the page itself (axeOf, docs/DECISIONS.md "Test suite speed"), not in @axe-core/playwright's
// default mode, which finishes each run in a blank page of its own. This keeps the two finding the same violations
// on the same nodes, in the page and in a same-origin iframe, so the faster mode checks no less.
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];
const found = (violations: Violations) => violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`).sort();

test("axe in the page finds what the default mode finds, iframes included", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await page.evaluate(() => {
    const seeded = document.createElement("div");
    seeded.innerHTML =
      '<img src="/seeded.png"><p style="color:#bbb;background:#fff">faint words</p><button></button><input type="text"><a href="#"></a>' +
      "<select><option>a</option></select><iframe srcdoc=\"<html lang='en'><body><img src='/seeded.png'><button></button></body></html>\"></iframe>";
    document.body.append(seeded);
  });
  await expect.poll(() => page.frames().length).toBeGreaterThan(1);
  const byDefault = found((await new AxeBuilder({ page }).withTags(tags).analyze()).violations);
  const inPage = found((await axeOf(page).withTags(tags).analyze()).violations);
  expect(byDefault.length).toBeGreaterThanOrEqual(6);
  expect(byDefault.some((line) => line.includes("iframe"))).toBe(true);
  expect(inPage).toEqual(byDefault);
});
