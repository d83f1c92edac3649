import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { openLiveStream } from "./live-stream";

// GET /api/live is public and each open stream holds a connection, a heartbeat timer and a place among the hub's
// listeners. The per-IP cap counts an IPv6 client by its /64, so a client holding many networks (a /48 is 65,536 of
// them) passed it as often as it liked: the server also caps open streams in total (CAPSULE_LIVE_MAX_TOTAL).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-live-total-"));
process.env.CAPSULE_DATA_DIR = dataDir;
process.env.CAPSULE_LIVE_MAX_PER_IP = "2";
process.env.CAPSULE_LIVE_MAX_TOTAL = "3";
// nothing listens on the discard port: the stream's head read fails at once and it opens at block 0
process.env.CAPSULE_NODE_RPC_URL = "http://127.0.0.1:9";

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const request = (ip: string) => new Request("http://127.0.0.1/api/live", { headers: { [CLIENT_IP_HEADER]: ip } });

describe("live streams in total", () => {
  it("refuses a stream past CAPSULE_LIVE_MAX_TOTAL from a client under its own cap, and takes it once one closes", async () => {
    const open = [
      await openLiveStream(request("2001:db8:0:1::1"), undefined),
      await openLiveStream(request("2001:db8:0:1::2"), undefined),
      await openLiveStream(request("2001:db8:0:2::1"), undefined),
    ];
    for (const response of open) expect(response.status).toBe(200);

    await expect(openLiveStream(request("2001:db8:0:3::1"), undefined)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "At most 3 live streams are open on this server; try again shortly",
      headers: { "Retry-After": "30" },
    });

    await open[0]?.body?.cancel();
    const after = await openLiveStream(request("2001:db8:0:3::1"), undefined);
    expect(after.status).toBe(200);
    await after.body?.cancel();
    for (const response of open.slice(1)) await response.body?.cancel();
  });
});
