"use client";

import { useEffect, useState } from "react";
import { sha256Hex } from "@/components/ui/file-hash";
import { FoldedSummary } from "@/components/ui/folded-summary";

/** SHA-256 of the body's UTF-8 bytes as this browser computes it (the same rule as the bridge's contentHash). */
export function useBodyHash(body: string, delayMs = 250): { hash?: string; error?: string; forBody?: string } {
  const [state, setState] = useState<{ hash?: string; error?: string; forBody?: string }>({});
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      sha256Hex(new TextEncoder().encode(body).buffer as ArrayBuffer).then(
        (hash) => current && setState({ hash, forBody: body }),
        (error: unknown) => current && setState({ error: error instanceof Error ? error.message : "This browser could not compute the hash.", forBody: body }),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body, delayMs]);
  return state;
}

// The content hash a journalist commits to: shown under the body while writing (recomputed as the text
// changes), and on the vote page next to the hash the chain records, with whether the text shown matches.
export function ContentHash({ body, recorded }: { body: string; recorded?: string }) {
  const computed = useBodyHash(body);
  const upToDate = computed.forBody === body;
  const matches = recorded !== undefined && computed.hash !== undefined && upToDate && computed.hash.toLowerCase() === recorded.toLowerCase();
  // busy while this browser hashes the text (what the browser tests wait for); the hash itself is not a live region:
  // a screen reader would read 64 hex digits aloud at every pause in typing
  const computing = !upToDate;
  return (
    <div className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm" data-testid="content-hash" aria-busy={computing ? "true" : undefined}>
      <p className="font-medium text-stone-800">{recorded ? "Content hash the editors vote on" : "Content hash of this text"}</p>
      <p className="mt-1 break-all font-mono text-xs text-stone-800" data-testid="content-hash-value">
        {recorded ?? (computing ? "computing…" : (computed.hash ?? ""))}
      </p>
      {computed.error ? <p className="mt-1 text-xs text-red-800">{computed.error}</p> : null}
      {recorded && computed.hash && upToDate ? (
        <p className={`mt-1 text-xs ${matches ? "text-emerald-800" : "text-red-800"}`} data-testid="content-hash-check">
          {matches ? "✓ The text shown here hashes to it (checked in your browser)." : `✖ The text shown here hashes to ${computed.hash}, not to the recorded hash.`}
        </p>
      ) : null}
      <details className="mt-1 text-xs text-stone-600">
        <FoldedSummary>What is this?</FoldedSummary>
        <p>
          A fingerprint of the body text: SHA-256 of its UTF-8 bytes. It changes with any change to the text, even one letter. When you submit, the chain records this
          hash; the editors vote on it, and readers can check the published text against it.
        </p>
      </details>
    </div>
  );
}
