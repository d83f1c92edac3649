import { chromium, type Browser } from "@playwright/test";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { onCleanup } from "./support/cleanup";
import { acceptanceAsEmitter } from "./support/emitter";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

export type PageLagFigures = { dialect: string; votes: number; p50: number; p95: number; max: number; load: string };

const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";


/** Installed in the page: the wall-clock time of every change of the tally's text, in order. */
const watchTally = () => {
  const panel = document.querySelector('[data-testid="tally"]');
  if (!panel) throw new Error("no tally on the page");
  const changes: number[] = [];
  let last = panel.textContent;
  new MutationObserver(() => {
    if (panel.textContent !== last) {
      last = panel.textContent;
      changes.push(Date.now());
    }
  }).observe(panel, { subtree: true, childList: true, characterData: true });
  Object.assign(window, { __tallyChanges: changes });
};

/**
 * Lag from a VoteCast receipt to the new tally on screen, in an open capsule page in Chromium:
 * the indexer (new heads by subscription), the live event stream (GET /api/live), React Query's
 * refetch of the capsule read and React's render. As in `lag`, the acceptance contract's code is
 * swapped for an emitter of the same event so one wallet can cast many votes on a seeded capsule.
 * The page records the wall-clock time of each change of the tally's text (MutationObserver);
 * the bench takes the receipt's arrival on the same clock.
 */
export async function benchVotePageLag(options: { dialect: "sqlite" | "postgres"; votes: number; log: (m: string) => void }): Promise<PageLagFigures> {
  const bench = await startBenchStack(options.dialect, { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" });
  const { stack } = bench;
  let browser: Browser | undefined;
  const closeBrowser = onCleanup(async () => browser?.close());
  try {
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, 5, () => undefined);
    const { acceptance, emitter, wallet, reader } = await acceptanceAsEmitter(stack);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const capsuleId = seeded.firstId;
    // a seeded capsule is finalized; reopen its window in SQL so the page follows it as a live vote
    await bench.handle.db.updateTable("capsules").set({ status: "pending", closes_at: Math.floor(Date.now() / 1000) + 86_400 }).where("id", "=", capsuleId).execute();
    await page.goto(`${stack.baseUrl}/capsules/${capsuleId}`, { waitUntil: "networkidle" });
    await page.waitForSelector('[data-testid="tally"]');
    await page.waitForSelector('[data-testid="live-state"][data-state="live"]', { timeout: 30_000 });
    await page.evaluate(watchTally);

    const lags: number[] = [];
    for (let i = 0; i < options.votes; i++) {
      const seen = await page.evaluate(() => (window as unknown as { __tallyChanges: number[] }).__tallyChanges.length);
      // one vote of a different weight each time, so the raw weight on screen always changes
      const hash = await wallet.writeContract({ address: acceptance, abi: emitter.abi, functionName: "emitMany", args: [BigInt(capsuleId), 1n, 1n, BigInt(2_000_000 + i)] });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      const receivedAt = Date.now();
      const shownAt = await page.waitForFunction(
        (count) => {
          const changes = (window as unknown as { __tallyChanges: number[] }).__tallyChanges;
          return changes.length > count ? changes[count] : undefined;
        },
        seen,
        { timeout: 15_000, polling: 10 },
      );
      lags.push(Math.max(0, Number(await shownAt.jsonValue()) - receivedAt));
      // let the page settle (a second refetch may still be in flight) before the next vote
      await page.waitForTimeout(150);
    }
    options.log(`  ${options.dialect}: ${lags.length} votes seen on screen`);
    return { dialect: options.dialect, votes: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags), load: loadAverage() };
  } finally {
    await closeBrowser();
    await bench.stop();
  }
}
