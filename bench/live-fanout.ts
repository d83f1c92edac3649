import fs from "node:fs";
import http from "node:http";
import { z } from "zod";
import { ZLiveEvent } from "@/lib/live/live-event";
import { ZCapsuleResponse } from "@/features/capsules/capsules.schema";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { acceptanceAsEmitter } from "./support/emitter";
import { followHeads, wallNow } from "./support/heads";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

/** How a subscriber gets the new tally: from the pushed change itself, or by reading the capsule as pages did before. */
export type TallySource = "event" | "read";

export type FanoutFigures = {
  dialect: string;
  source: TallySource;
  subscribers: number;
  addresses: number;
  votes: number;
  /** From the head that mined the vote to each subscriber holding the new tally, over all votes and subscribers. */
  p50: number;
  p95: number;
  /** The last subscriber of each vote: median, 95th percentile and worst over the votes. */
  lastP50: number;
  lastP95: number;
  lastMax: number;
  /** Server RSS growth per open subscriber, in KiB. */
  kibPerSubscriber: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  load: string;
};

const ZTally = z.object({ capsule: ZCapsuleResponse.shape.capsule.pick({ yesVotes: true, noVotes: true }) });
const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;


function getJson(url: URL, localAddress: string, agent: http.Agent): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on("error", reject);
  });
}

const tallyText = (body: unknown) => {
  const { capsule } = ZTally.parse(body);
  return `${capsule.yesVotes}/${capsule.noVotes}`;
};

/**
 * One page following a capsule as the vote page does: GET /api/live from its own loopback address, and on
 * a change naming the capsule the new tally: source "event" takes it from the change's `tallies` (reading
 * only when the change has none for the capsule), source "read" GETs the capsule as pages did before.
 */
function subscriber(baseUrl: string, localAddress: string, capsuleId: string) {
  let source: TallySource = "event";
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const readUrl = new URL(`/api/capsules/${capsuleId}`, baseUrl);
  let tally = "";
  let reading: Promise<void> | undefined;
  let lastError = "";
  let failures = 0;
  let events = 0;
  let again = false;
  let waiter: { before: string; resolve: (at: number) => void } | undefined;
  let request: http.ClientRequest | undefined;
  const check = () => {
    if (waiter && tally !== waiter.before) {
      const done = waiter.resolve;
      waiter = undefined;
      done(wallNow());
    }
  };
  const read = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = getJson(readUrl, localAddress, agent)
      .then((body) => {
        failures = 0;
        tally = tallyText(body);
        check();
      })
      .catch((error: unknown) => {
        // an idle keep-alive socket the server closed meanwhile ("socket hang up"): read again, as a browser would
        lastError = error instanceof Error ? error.message.slice(0, 120) : String(error);
        if (++failures <= 3) again = true;
      })
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          read();
        }
      });
  };
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get(new URL("/api/live", baseUrl), { localAddress, agent, headers: { accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/live from ${localAddress} answered ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split("\n").find((line) => line.startsWith("data:"));
          if (!data) continue;
          const event = ZLiveEvent.parse(JSON.parse(data.slice(5)));
          if (event.type === "hello") resolve();
          else if (event.everything || event.capsuleIds.includes(capsuleId)) {
            events++;
            const pushed = source === "event" && !event.everything ? event.tallies?.find((t) => t.capsuleId === capsuleId) : undefined;
            if (!pushed) read();
            else {
              tally = `${pushed.yesVotes}/${pushed.noVotes}`;
              check();
            }
          }
        }
      });
    });
    request.on("error", reject);
  });
  return {
    opened: opened.then(async () => {
      tally = tallyText(await getJson(readUrl, localAddress, agent));
    }),
    tally: () => tally,
    useSource: (next: TallySource) => {
      source = next;
    },
    busy: () => reading !== undefined,
    state: () => `${localAddress} events ${events} error ${lastError || "none"}`,
    /** Answers when this subscriber holds a tally other than `before`. */
    waitForChange: (before: string) =>
      new Promise<number>((resolve) => {
        waiter = { before, resolve };
        check();
      }),
    close: () => {
      request?.destroy();
      agent.destroy();
    },
  };
}

/**
 * Live fan-out: `subscribers` open GET /api/live streams on one capsule, spread over loopback addresses
 * (the server allows CAPSULE_LIVE_MAX_PER_IP streams per client, 20 by default), then votes are cast one
 * at a time. t0 is this bench's own newHeads message for the block that mined the vote; each subscriber's
 * time is when it holds the new tally (the change event, and for source "read" then its GET). Each source in
 * `sources` gets `votes` votes, taking turns vote by vote so both see the same machine load. As in `lag`,
 * the acceptance contract's code is swapped for an emitter of VoteCast so one wallet can vote many times.
 */
export async function benchLiveFanout(options: { dialect: "sqlite" | "postgres"; subscribers: number; votes: number; sources: TallySource[]; log: (m: string) => void }): Promise<FanoutFigures[]> {
  const bench = await startBenchStack(options.dialect, { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" });
  const { stack } = bench;
  const pid = stack.pid;
  if (pid === undefined) throw new Error("the bench stack has no server pid to read its memory from");
  const opened: Array<ReturnType<typeof subscriber>> = [];
  try {
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, 1, () => undefined);
    const capsuleId = String(seeded.firstId);
    const { acceptance, emitter, wallet, reader } = await acceptanceAsEmitter(stack);

    const perAddress = 20;
    const addresses = Math.ceil(options.subscribers / perAddress);
    // load the live route's and the capsule read's modules first (once per server, not per subscriber),
    // then a moment of quiet, then the RSS the subscribers are measured against
    const warm = subscriber(stack.baseUrl, "127.0.0.1", capsuleId);
    await warm.opened;
    warm.close();
    await new Promise((r) => setTimeout(r, 1000));
    const rssBeforeMb = rssMbOf(pid);
    options.log(`  ${options.dialect}: opening ${options.subscribers} live streams from ${addresses} loopback addresses…`);
    for (let i = 0; i < options.subscribers; i += 50) {
      const batch = Array.from({ length: Math.min(50, options.subscribers - i) }, (_, j) => subscriber(stack.baseUrl, `127.0.0.${2 + Math.floor((i + j) / perAddress)}`, capsuleId));
      opened.push(...batch);
      await Promise.all(batch.map((s) => s.opened));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssOpenMb = rssMbOf(pid);
    options.log(`  ${options.dialect}: ${opened.length} streams open; RSS ${rssBeforeMb.toFixed(0)} → ${rssOpenMb.toFixed(0)} MB; voting…`);

    const heads = await followHeads(stack.nodeRpcUrl.replace(/^http/, "ws"));
    const all = new Map<TallySource, number[]>(options.sources.map((source) => [source, []]));
    const lasts = new Map<TallySource, number[]>(options.sources.map((source) => [source, []]));
    try {
      for (let vote = 0; vote < options.votes * options.sources.length; vote++) {
        const source = options.sources[vote % options.sources.length]!;
        for (const s of opened) s.useSource(source);
        const before = tallyText(await (await fetch(`${stack.baseUrl}/api/capsules/${capsuleId}`)).json());
        if (opened.some((s) => s.tally() !== before)) throw new Error("a subscriber does not hold the current tally before the vote");
        const reached = opened.map((s) => s.waitForChange(before));
        const mined = heads.next();
        await wallet.writeContract({ address: acceptance, abi: emitter.abi, functionName: "emitMany", args: [BigInt(capsuleId), 1n, 1n, BigInt(2_000_000 + vote)] });
        const head = await mined;
        const late = setTimeout(() => {
          const behind = opened.filter((s) => s.tally() === before);
          options.log(`  vote ${vote}: ${behind.length} of ${opened.length} subscribers still hold ${before} after 30 s (reading: ${behind.filter((s) => s.busy()).length}); e.g. ${behind.slice(0, 3).map((s) => s.state()).join("; ")}`);
        }, 30_000);
        const times = (await Promise.all(reached)).map((at) => at - head.at);
        clearTimeout(late);
        all.get(source)!.push(...times);
        lasts.get(source)!.push(Math.max(...times));
        options.log(`  vote ${vote} (${source}): first ${Math.min(...times).toFixed(0)} ms, median ${percentile(times, 50).toFixed(0)} ms, last ${Math.max(...times).toFixed(0)} ms after its head`);
        // let the page settle before the next vote
        await new Promise((r) => setTimeout(r, 300));
      }
    } finally {
      heads.close();
    }
    const load = loadAverage();
    return options.sources.map((source) => {
      const times = all.get(source) ?? [];
      const last = lasts.get(source) ?? [];
      return {
        dialect: options.dialect,
        source,
        subscribers: opened.length,
        addresses,
        votes: options.votes,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        lastP50: percentile(last, 50),
        lastP95: percentile(last, 95),
        lastMax: Math.max(...last),
        kibPerSubscriber: ((rssOpenMb - rssBeforeMb) * 1024) / opened.length,
        rssBeforeMb,
        rssOpenMb,
        load,
      };
    });
  } finally {
    for (const s of opened) s.close();
    await bench.stop();
  }
}
