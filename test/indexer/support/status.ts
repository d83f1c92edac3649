import { pathOf } from "@/lib/api/request";
import { networkStatus as networkStatusEndpoint } from "@/features/system/network-status.endpoint";
import type { z } from "zod";
import { ZNetworkStatusResponse } from "@/features/system/system.schema";
import type { VoteStream } from "./vote-stream";

export type NetworkStatus = z.infer<typeof ZNetworkStatusResponse>;

export async function networkStatus(baseUrl: string): Promise<NetworkStatus> {
  const response = await fetch(`${baseUrl}${pathOf(networkStatusEndpoint)}`);
  if (response.status !== 200) throw new Error(`GET /api/network/status answered ${response.status}: ${await response.text()}`);
  return ZNetworkStatusResponse.parse(await response.json());
}

/**
 * Reads /api/network/status every `everyMs` until stopped and records every answer that says
 * `synced` while its checkpoint is ahead of the node's head (the defect of issue 11).
 */
export function sampleStatus(baseUrl: string, everyMs = 50) {
  const violations: string[] = [];
  const statuses = new Set<string>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const status = await networkStatus(baseUrl);
        samples += 1;
        statuses.add(status.indexer.status);
        const checkpoint = status.indexer.lastIndexedBlock === null ? null : Number(status.indexer.lastIndexedBlock);
        const head = status.node.blockNumber === null ? null : Number(status.node.blockNumber);
        if (status.indexer.status === "synced" && checkpoint !== null && head !== null && checkpoint > head) {
          violations.push(`synced with checkpoint ${checkpoint} above head ${head}`);
        }
      } catch {
        // a server being killed or restarted; the next sample goes on
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    violations,
    statuses,
    samples: () => samples,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/**
 * Waits until the server's projection has reached the node's head exactly: the checkpoint is the
 * head and has the head's hash, and no rewind is in progress. Answers that status.
 */
export async function reachedHead(baseUrl: string, stream: VoteStream, timeoutMs = 60_000): Promise<NetworkStatus> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    try {
      const status = await networkStatus(baseUrl);
      const head = await stream.head();
      const checkpoint = status.indexer.lastIndexedBlock === null ? -1 : Number(status.indexer.lastIndexedBlock);
      last = `checkpoint ${checkpoint}, head ${head}, status ${status.indexer.status}`;
      if (checkpoint === head && status.indexer.status === "synced" && status.indexer.lastIndexedHash === (await stream.hashAt(head))) return status;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`the projection did not reach the head in time (${last})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
