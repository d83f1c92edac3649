import { expect, test } from "@playwright/test";
import { readerDesk } from "./support/reader-fixture";

// /read/:id in the article's language: the page around it is English, the article's title, standfirst and text carry
// the capsule's language (docs/DECISIONS.md, "The reader's article says its language").

const OWNER = 6;
const run = Date.now().toString(36).slice(-5);
const slug = `porto-diario-${run}`;
const title = `A ponte do porto reabre na terça-feira ${run}`;
let id = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, "Diário do Porto");
  id = await desk.finalized(OWNER, slug, title, `${title}.\n\nAs obras demoraram seis semanas, disse a autoridade portuária na segunda-feira.`, { language: "pt-BR", subtitle: "Seis semanas de obras terminam antes do prazo." });
});

test("the article's own words carry its language, the page's stay English", async ({ page }) => {
  const response = await page.goto(`/read/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (const testId of ["reader-title", "reader-standfirst", "reader-body"]) await expect(page.getByTestId(testId)).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { name: "Contributors" })).not.toHaveAttribute("lang", /.+/);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/reader-language-${width}.png`, fullPage: true });
  }
});
