"use client";

import { useEffect, useState } from "react";
import { latestVersion, standingOf, type LatestStanding, type RegistryNode } from "@/features/reader/latest-version";

// Part of the finalization island: whether a newer finalized version revises the one this page shows, read in the
// reader's browser from the node they chose (features/reader/latest-version.ts, the same walk as `npm run verify`),
// against what the page says is current. A page that passes an old version off as the article fails here.

export type LatestState = { check?: { standing: LatestStanding; latest: string }; error?: string };

/** The walk against `node` (the one at `rpcUrl`), once the node has given this version's finalization block; a newer node discards an older answer. */
export function useLatestCheck(input: { capsuleId: string; currentId: string; registry: string | undefined; rpcUrl: string | undefined; node: RegistryNode | undefined; attempt: number }): LatestState {
  const { capsuleId, currentId, registry, rpcUrl, node, attempt } = input;
  const key = registry && rpcUrl && node ? `${rpcUrl} ${attempt}` : undefined;
  const [state, setState] = useState<LatestState & { key?: string }>({});
  useEffect(() => {
    if (!registry || !rpcUrl || !node) return;
    let current = true;
    const answered = `${rpcUrl} ${attempt}`;
    latestVersion(node, registry, capsuleId).then(
      ({ latest }) => current && setState({ check: { standing: standingOf(capsuleId, currentId, latest), latest }, key: answered }),
      (error: unknown) => current && setState({ error: error instanceof Error ? error.message.split("\n")[0] : "the node did not answer", key: answered }),
    );
    return () => {
      current = false;
    };
  }, [capsuleId, currentId, registry, rpcUrl, node, attempt]);
  return key !== undefined && state.key === key ? state : {};
}

export const latestFailed = (state: LatestState) => state.error !== undefined || state.check?.standing === "newer" || state.check?.standing === "phantom";

export function LatestCheckLine({ state, currentId, capsuleId, rpcLabel, overdue = false }: { state: LatestState; currentId: string; capsuleId: string; rpcLabel: string; overdue?: boolean }) {
  if (state.error !== undefined) {
    return (
      <li className="break-words text-red-800" data-testid="latest-check" data-outcome="error">
        ✖ Could not check against {rpcLabel} whether a newer version exists: {state.error}.
      </li>
    );
  }
  const check = state.check;
  if (!check && overdue) {
    return (
      <li className="break-words text-amber-900" data-testid="latest-check" data-outcome="overdue">
        – Whether a newer version exists is not checked yet: {rpcLabel} has not answered.
      </li>
    );
  }
  if (!check) {
    return (
      <li className="text-stone-600" data-testid="latest-check" data-outcome="checking">
        Checking on chain whether a newer version exists…
      </li>
    );
  }
  const says = currentId === capsuleId ? "this page shows this version as the current one" : `this page names #${currentId} as the current version`;
  const line: Record<LatestStanding, { ok: boolean; text: string }> = {
    latest: { ok: true, text: `✓ No finalized version on chain revises this one: it is the latest version (read from ${rpcLabel}).` },
    superseded: { ok: true, text: `✓ This version is superseded: the latest finalized version on chain is #${check.latest}, as this page says (read from ${rpcLabel}).` },
    newer: { ok: false, text: `✖ A newer finalized version exists: #${check.latest}, but ${says} (read from ${rpcLabel}).` },
    phantom: { ok: false, text: `✖ This page says #${currentId} replaced this version, but the chain holds no finalized version revising it (read from ${rpcLabel}).` },
  };
  const { ok, text } = line[check.standing];
  return (
    <li className={`break-words ${ok ? "text-emerald-800" : "text-red-800"}`} data-testid="latest-check" data-outcome={check.standing}>
      {text}
    </li>
  );
}
