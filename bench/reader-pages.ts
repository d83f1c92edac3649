import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { courtDesk } from "@/e2e/support/court-fixture";
import { startRecordsDns } from "@/e2e/support/dns-server";
import { startBenchStack } from "./support/bench-stack";
import { onCleanup } from "./support/cleanup";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

export type LcpFigures = { median: number; p95: number; runs: number[] };
export type PageFigures = { name: string; path: string; cold: LcpFigures; warm: LcpFigures; coldCpu4: LcpFigures };
export type ScriptFigures = { scripts: number; decodedBytes: number; transferredBytes: number; encodings: string[]; gzipBytes: number };
export type ReaderPagesFigures = { pages: PageFigures[]; readerScripts: ScriptFigures; loadBefore: string; loadAfter: string };

const QUIET_MS = 300;
const FIRST_ENTRY_MS = 10_000;
const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";

/**
 * The largest-contentful-paint candidate the page settled on: the last buffered entry once the
 * load event has passed and no new candidate has appeared for QUIET_MS (LCP candidates stop at
 * the first input, which a bench never sends, so "quiet after load" is the end point).
 */
async function measureLcp(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "load" });
  // a string, not a function: tsx's keepNames would wrap inner functions in a `__name` helper the page lacks
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    let last = -1;
    let timer;
    const settle = () => {
      clearTimeout(timer);
      // a page without scripts can fire load before its first paint: wait for a first candidate
      timer = setTimeout(() => (last < 0 ? reject(new Error("no largest-contentful-paint entry")) : resolve(last)), last < 0 ? ${FIRST_ENTRY_MS} : ${QUIET_MS});
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
      settle();
    }).observe({ type: "largest-contentful-paint", buffered: true });
    settle();
  })`);
}

const summary = (runs: number[]): LcpFigures => ({ median: percentile(runs, 50), p95: percentile(runs, 95), runs });

async function coldLcp(browser: Browser, url: string, cpuRate: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } }); // a new context: empty cache and storage
  try {
    const page = await context.newPage();
    if (cpuRate > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    }
    return await measureLcp(page, url);
  } finally {
    await context.close();
  }
}

/** Second load in the same context: HTTP cache and compiled scripts are warm. */
async function warmLcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const first = await context.newPage();
    await measureLcp(first, url);
    // a page opened while another is in front paints hidden and reports no LCP
    await first.close();
    const second = await context.newPage();
    await second.bringToFront();
    return await measureLcp(second, url);
  } finally {
    await context.close();
  }
}

/** Every script response of one cold load: decoded bytes, bytes on the wire, and gzip -6 of the bodies. */
async function scriptBytes(context: BrowserContext, url: string): Promise<ScriptFigures> {
  const page = await context.newPage();
  const pending: Array<Promise<{ decoded: number; transferred: number; encoding: string; gzip: number }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const encoding = (await response.headerValue("content-encoding")) ?? "identity";
        return { decoded: body.length, transferred: sizes.responseBodySize, encoding, gzip: gzipSync(body).length };
      })(),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const all = await Promise.all(pending);
  await page.close();
  return {
    scripts: all.length,
    decodedBytes: all.reduce((s, r) => s + r.decoded, 0),
    transferredBytes: all.reduce((s, r) => s + r.transferred, 0),
    encodings: [...new Set(all.map((r) => r.encoding))],
    gzipBytes: all.reduce((s, r) => s + r.gzip, 0),
  };
}

/**
 * Reader pages in Debian's Chromium against the production build on SQLite: one finalized
 * article made through the real lifecycle (e2e/support/court-fixture.ts), then LCP of
 * /read/:id and / cold, warm and cold with the CPU throttled ×4, and the JavaScript of /read/:id.
 */
export async function benchReaderPages(opts: { runs: number; log: (m: string) => void }): Promise<ReaderPagesFigures> {
  const { runs, log } = opts;
  const loadBefore = loadAverage();
  const dnsDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-dns-"));
  const recordsFile = path.join(dnsDir, "records.json");
  fs.writeFileSync(recordsFile, "{}");
  process.env.CAPSULE_E2E_DNS_RECORDS = recordsFile;
  const dns = await startRecordsDns(recordsFile);
  const stopDns = onCleanup(async () => {
    await dns.close();
    fs.rmSync(dnsDir, { recursive: true, force: true });
  });
  log("reader pages: starting the stack (SQLite)…");
  const bench = await startBenchStack("sqlite", { CAPSULE_DNS_SERVERS: dns.address, CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000", CAPSULE_RATE_RPC_PER_MIN: "3000", CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "3000" });
  let browser: Browser | undefined;
  const closeBrowser = onCleanup(async () => {
    await browser?.close();
  });
  try {
    process.env.CAPSULE_E2E_BASE_URL = bench.stack.baseUrl;
    process.env.CAPSULE_E2E_NODE_RPC_URL = bench.stack.nodeRpcUrl;
    log("reader pages: publishing a finalized article through the real flow…");
    const stamp = Date.now().toString(36);
    const article = await courtDesk().finalizedCapsule({ ownerKey: 1, disputerKey: 2, slug: `bench-${stamp}`, outletName: "The Bench Gazette", title: `Harbour dredging costs rise ${stamp}` });

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    const targets = [
      { name: "reader", path: `/read/${article.capsuleId}` },
      { name: "front", path: "/" },
    ];
    // one untimed load of each so the server's first-request work (route modules, caches) is not in run 1
    for (const t of targets) await coldLcp(browser, `${bench.stack.baseUrl}${t.path}`, 1);

    const pages: PageFigures[] = [];
    for (const t of targets) {
      const url = `${bench.stack.baseUrl}${t.path}`;
      const cold: number[] = [];
      const warm: number[] = [];
      const coldCpu4: number[] = [];
      log(`reader pages: ${t.path}, ${runs} runs of each…`);
      for (let i = 0; i < runs; i++) {
        cold.push(await coldLcp(browser, url, 1));
        warm.push(await warmLcp(browser, url));
        coldCpu4.push(await coldLcp(browser, url, 4));
      }
      pages.push({ name: t.name, path: t.path, cold: summary(cold), warm: summary(warm), coldCpu4: summary(coldCpu4) });
    }
    const context = await browser.newContext();
    const readerScripts = await scriptBytes(context, `${bench.stack.baseUrl}${targets[0]!.path}`);
    await context.close();
    return { pages, readerScripts, loadBefore, loadAfter: loadAverage() };
  } finally {
    await closeBrowser();
    await bench.stop();
    await stopDns();
  }
}
