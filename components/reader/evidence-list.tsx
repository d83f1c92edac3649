"use client";

import { useState, useSyncExternalStore } from "react";
import type { z } from "zod";
import type { ZEvidenceObject } from "@/features/capsules/capsules.schema";
import { sha256Hex } from "@/components/ui/file-hash";
import { linkableUri } from "@/lib/schemas/uri-kind";

type Evidence = z.infer<typeof ZEvidenceObject>;
type Check = { state: "idle" } | { state: "checking" } | { state: "match"; hash: string } | { state: "mismatch"; hash: string } | { state: "error"; message: string };

const typeLabel: Record<string, string> = { archived_page: "Archived page", transcript: "Transcript", document: "Document", media: "Media", data: "Data" };

/** A same-origin address the browser may fetch (the vault's download URL, or an evidence uri on this site). */
export function fetchableUrl(uri: string, origin: string): string | undefined {
  try {
    const url = new URL(uri, origin);
    return url.origin === origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// Evidence with "Verify": the file is fetched and re-hashed here, and compared with the recorded hash.
export function EvidenceList({ items, compact = false }: { items: Evidence[]; compact?: boolean }) {
  if (items.length === 0) return <p className="text-sm text-stone-600">No evidence was attached.</p>;
  return (
    <ul className="space-y-3" data-testid="reader-evidence">
      {items.map((item) => (
        <EvidenceRow key={item.evidenceId} item={item} compact={compact} />
      ))}
    </ul>
  );
}

const subscribeNever = () => () => {};
const clientOrigin = () => window.location.origin;
const serverOrigin = () => "";

function EvidenceRow({ item, compact }: { item: Evidence; compact: boolean }) {
  const [check, setCheck] = useState<Check>({ state: "idle" });
  // "" while hydrating (as on the server), the page's origin right after: no hydration mismatch
  const origin = useSyncExternalStore(subscribeNever, clientOrigin, serverOrigin);
  // a stored address with another scheme (stored before the check) is shown as text, never linked
  const linkable = linkableUri(item.uri);
  const url = origin && linkable ? fetchableUrl(linkable, origin) : undefined;
  const external = linkable && /^https?:/i.test(linkable) && !url ? linkable : undefined;
  // the server's markup (all a reader without JavaScript gets) knows no origin: a file on this site (a path) is
  // still opened from it; only the Verify button needs the script
  const sitePath = !origin && linkable && /^\/(?!\/)/.test(linkable) ? linkable : undefined;

  async function verify() {
    if (!url) return;
    setCheck({ state: "checking" });
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) throw new Error(response.status === 404 ? "The file is no longer stored here." : `The server answered ${response.status}.`);
      const hash = await sha256Hex(await response.arrayBuffer());
      setCheck(hash.toLowerCase() === item.contentHash.toLowerCase() ? { state: "match", hash } : { state: "mismatch", hash });
    } catch (error) {
      setCheck({ state: "error", message: error instanceof Error ? error.message : "The file could not be fetched." });
    }
  }

  return (
    <li className="rounded-md border border-stone-200 bg-white p-3" data-testid="reader-evidence-item">
      <div className={compact ? "space-y-2" : "flex flex-wrap items-start justify-between gap-2 sm:flex-nowrap"}>
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">
            <bdi data-testid="evidence-title">{item.label}</bdi>
            {item.isPrimary ? <span className="ml-2 rounded bg-stone-800 px-1.5 py-0.5 text-xs font-semibold text-white">Primary</span> : null}
          </p>
          <p className="text-xs text-stone-500">
            {typeLabel[item.evidenceType] ?? item.evidenceType} · {item.mimeType}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-stone-600">SHA-256 {item.contentHash}</p>
          {!linkable ? (
            <p className="mt-1 break-all font-mono text-xs text-stone-600" data-testid="unlinked-uri">
              {item.uri}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {url || sitePath ? (
            <>
              <a href={url ?? sitePath} className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
                Open{" "}
                <span className="sr-only">
                  <bdi>{item.label}</bdi>
                </span>
              </a>
              {url ? (
                <button type="button" onClick={() => void verify()} disabled={check.state === "checking"} className="rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50">
                  Verify{" "}
                  <span className="sr-only">
                    <bdi>{item.label}</bdi>
                  </span>
                </button>
              ) : null}
            </>
          ) : external ? (
            <a href={external} rel="noopener noreferrer nofollow" className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
              Open on its site
            </a>
          ) : null}
        </div>
      </div>
      <div aria-live="polite" data-testid="verify-result">
        {check.state === "checking" ? <p className="mt-2 text-sm text-stone-600">Fetching the file and hashing it in your browser…</p> : null}
        {check.state === "match" ? (
          <p className="mt-2 rounded bg-emerald-50 px-2 py-1 text-sm font-semibold text-emerald-900">✓ Matches the recorded hash</p>
        ) : null}
        {check.state === "mismatch" ? (
          <p className="mt-2 rounded bg-red-50 px-2 py-1 text-sm font-semibold text-red-900">
            ✖ Does not match: the file now hashes to <span className="break-all font-mono text-xs">{check.hash}</span>
          </p>
        ) : null}
        {check.state === "error" ? <p className="mt-2 text-sm text-red-800">Could not verify: {check.message}</p> : null}
        {external && check.state === "idle" ? (
          <p className="mt-2 text-xs text-stone-500">This file is on another site, which this page does not fetch: download it and compare its SHA-256 yourself.</p>
        ) : null}
      </div>
    </li>
  );
}
