import { expect, test, type Page } from "@playwright/test";
import { addressOf, everyPage, readerDesk } from "./support/reader-fixture";
import { signIn } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";
import { capsuleRead } from "@/features/capsules/read.endpoint";

// Words, not jargon (issue 31, item 11): on every page, signed in, the text a person reads names no role by
// number, no JSON-RPC method, no "10^18 wei", no environment variable, no full 40-hex address and no raw
// rate-limit text. The technical detail stays one click away: inside <details>, <code>/<pre> blocks of
// instructions, and title attributes, which this check does not read.

const OWNER = 6;
const run = Date.now().toString(36).slice(-5);
const slug = `plain-${run}`;
const ids = { article: "", draft: "", submitTx: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, `Plain Words Courier ${run}`);
  ids.article = await desk.finalized(OWNER, slug, `Ferry timetable changes ${run}`, "The ferry leaves at **nine** from Monday.");
  ids.draft = await desk.draft(OWNER, slug, `Draft on the ferry ${run}`, "The ferry is late.");
  ids.submitTx = (await desk.call(capsuleRead, { params: { id: ids.article } })).capsule.submitTxHash ?? "";
});

// every page, and the pages reached from them that show dates: a chain block, a transaction, the dispute form, jury duty, the embed
const pages = () => [...everyPage({ slug, article: ids.article, draft: ids.draft, author: addressOf(OWNER) }), "/network/block/1", `/network/tx/${ids.submitTx}`, `/capsules/${ids.article}/dispute`, "/court/juror", `/embed/${ids.article}`];

const jargon: Array<[string, RegExp]> = [
  ["a role by number", /\brole #?\d+\b/i],
  ["a JSON-RPC method", /\beth_[a-zA-Z]+\b/],
  ["wei as a power of ten", /10\s*\^\s*18|10¹⁸/],
  ["an environment variable", /\bCAPSULE_[A-Z0-9_]+\b|\bDATABASE_URL\b/],
  ["a full 40-hex address", /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/],
  ["raw rate-limit text", /Rate limit exceeded/i],
];

// Times with their zone (issue 31, item 11 and "dates in the reader's time zone"): a time of day is
// followed by its zone ("14:05 CET", "08:15 UTC", "09:00 GMT+1"), and a date is followed by a time (which
// then names its zone): "28 Nov 2026" alone leaves the reader guessing whose day it is.
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?";
// not a port ("127.0.0.1:40697") nor the tail of an offset ("GMT+01:00")
const TIME = /(?<![+\-−\d:./])\b(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\d.])(?:\s?[AaPp]\.?[Mm]\.?)?/g;
const ZONE_AFTER = /^\s*(?:UTC|GMT|[A-Z]{2,5})(?:[+\-−]\d{1,2}(?::?\d{2})?)?(?![A-Za-z])/;
const DATE = new RegExp(`\\b(?:\\d{1,2} ${MONTH},? \\d{4}|${MONTH} \\d{1,2}, \\d{4}|\\d{4}-\\d{2}-\\d{2})\\b`, "g");
const TIME_AFTER = /^,?\s*(?:at\s+)?\d{1,2}:\d{2}/;

/** Each date or time in `text` shown without its zone, with a little of the text around it. */
function zonelessTimes(text: string): string[] {
  const around = (index: number, length: number) => `“…${text.slice(Math.max(0, index - 40), index + length + 20)}…”`;
  const found: string[] = [];
  for (const match of text.matchAll(TIME)) {
    if (!ZONE_AFTER.test(text.slice(match.index + match[0].length, match.index + match[0].length + 16))) found.push(`a time without its zone — ${around(match.index, match[0].length)}`);
  }
  for (const match of text.matchAll(DATE)) {
    if (!TIME_AFTER.test(text.slice(match.index + match[0].length, match.index + match[0].length + 12))) found.push(`a date without a time and zone — ${around(match.index, match[0].length)}`);
  }
  return found;
}

test("the time check knows a zoned time from a bare one", () => {
  expect(zonelessTimes("Finalized 28 Nov 2026, 08:15 UTC · voting closes 1 Dec 2026, 14:05 CET or Dec 1, 2026, 9:05 AM GMT+1")).toEqual([]);
  expect(zonelessTimes("All changes saved 08:16:03 GMT · 3h 04m 05s left")).toEqual([]);
  expect(zonelessTimes("All changes saved 08:16:03")).toHaveLength(1);
  expect(zonelessTimes("listed 28 Nov 2026, 08:15 by the owner")).toHaveLength(1);
  expect(zonelessTimes("proposed 28 Nov 2026 by the owner")).toHaveLength(1);
  expect(zonelessTimes("deployed 2026-11-28")).toHaveLength(1);
  expect(zonelessTimes("closes 1 Dec 2026, 14:05 GMT+01:00")).toEqual([]);
  expect(zonelessTimes("copy the address: http://127.0.0.1:40697/read/1")).toEqual([]);
});

/** The text a person reads: visible, outside <details>, code blocks and the assistive-only copies. */
const readableText = (page: Page) =>
  page.evaluate(() => {
    const skip = "details, pre, code, script, style, noscript, .sr-only, [hidden], .swagger-ui";
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skip)) continue;
      const rect = parent.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      parts.push(node.textContent ?? "");
    }
    return parts.join(" ").replace(/\s+/g, " ");
  });

test("every page speaks in words: no role numbers, RPC methods, wei powers, variable names, full addresses, raw limits or times without their zone", async ({ page }) => {
  test.setTimeout(600_000);
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  const found: string[] = [];
  for (const path of pages()) {
    await page.goto(path);
    // the embed is a widget for other sites' pages: no <main>, its title is the article's
    await expect(page.locator(path.startsWith("/embed/") ? "body" : "main h1").first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
    const text = await readableText(page);
    for (const [what, pattern] of jargon) {
      for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) found.push(`${path}: ${what} — “…${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20)}…”`);
    }
    for (const problem of zonelessTimes(text)) found.push(`${path}: ${problem}`);
  }
  expect(found).toEqual([]);
});
