"use client";

import { useEffect, useState } from "react";
import type { Commitment } from "@/features/reader/read-finalization";
import { verifyEvidenceProof } from "@/features/reader/evidence-proof";
import { sha256Hex } from "@/components/ui/file-hash";

// Part of the reader's Verify (the finalization island): the manifest the editors voted on and each
// evidence item, checked in the browser against the commitment read from the reader's node. The
// manifest's bytes are fetched from this site's vault and hashed; each item's Merkle proof is checked
// against the committed evidence root; a file on this site is fetched and hashed too.

export type ManifestProofProps = {
  manifestHash: string;
  evidenceRoot: string;
  /** This site's address of the manifest bytes (GET /api/vault/<CID>). */
  manifestUrl: string;
  evidence: Array<{ index: number; leaf: [string, string, string]; proof: string[]; label: string; uri: string; claims: number[] }>;
  /** This site's path of a vault object with the id left off (the island does not bundle the descriptors). */
  vaultObjectPath: string;
};

type ItemCheck = { index: number; proven: boolean; file: "match" | "mismatch" | "not fetched" };
type State = { manifest?: "match" | "mismatch" | "unavailable"; items?: ItemCheck[] };

const sameOriginUrl = (uri: string, vaultObjectPath: string): string | undefined => {
  try {
    const url = new URL(uri, window.location.origin);
    if (url.origin !== window.location.origin) return undefined;
    if (url.pathname.startsWith(vaultObjectPath) && /^[0-9a-f]{64}$/.test(url.pathname.slice(vaultObjectPath.length))) url.searchParams.set("download", "1");
    return url.href;
  } catch {
    return undefined;
  }
};

async function hashOf(url: string): Promise<string | undefined> {
  const response = await fetch(url, { cache: "no-store" }).catch(() => undefined);
  if (!response?.ok) return undefined;
  return sha256Hex(await response.arrayBuffer());
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const NO_MANIFEST = `0x${"0".repeat(64)}`;

/**
 * What the reader's check says when this page carries no manifest: nothing when the registry committed none (a capsule
 * submitted before manifests), else that the committed manifest is not served here, as `npm run verify` fails it.
 */
export function unservedManifestLine(commitment: Commitment, rpcLabel: string): string | null {
  return same(commitment.manifestHash, NO_MANIFEST)
    ? null
    : `✖ The registry committed manifest ${commitment.manifestHash} (read from ${rpcLabel}), which this site does not serve: the claims and evidence on this page cannot be checked against it.`;
}
const supports = (claims: number[]) => (claims.length === 0 ? "supports no claim" : `supports claim ${claims.join(", ")}`);

/** Whether the checks below found anything wrong: a manifest not served or not matching, another evidence root, an item not proven or a file not matching its hash (a file on another site, not fetched, is not a failure). */
export function manifestChecksFailed(state: Required<State>, rootOk: boolean): boolean {
  return state.manifest !== "match" || !rootOk || state.items.some((item) => !item.proven || item.file === "mismatch");
}

export function ManifestChecks({
  manifest,
  commitment,
  rpcLabel,
  onOutcome,
}: {
  manifest: ManifestProofProps;
  commitment: Commitment;
  rpcLabel: string;
  /** Told once the checks are done, so the check's one-sentence summary never says ✓ over a ✖ here. */
  onOutcome: (failed: boolean) => void;
}) {
  const [state, setState] = useState<State>({});
  const rootOk = same(manifest.evidenceRoot, commitment.evidenceRoot);
  useEffect(() => {
    let current = true;
    void (async () => {
      const bytesHash = await hashOf(manifest.manifestUrl);
      const manifestState = bytesHash === undefined ? "unavailable" : same(bytesHash, commitment.manifestHash) ? "match" : "mismatch";
      const items: ItemCheck[] = [];
      for (const item of manifest.evidence) {
        const proven = verifyEvidenceProof(commitment.evidenceRoot, item.leaf, item.proof);
        const url = sameOriginUrl(item.uri, manifest.vaultObjectPath);
        const fileHash = url ? await hashOf(url) : undefined;
        items.push({ index: item.index, proven, file: fileHash === undefined ? "not fetched" : same(fileHash, item.leaf[1]) ? "match" : "mismatch" });
      }
      if (!current) return;
      setState({ manifest: manifestState, items });
      onOutcome(manifestChecksFailed({ manifest: manifestState, items }, same(manifest.evidenceRoot, commitment.evidenceRoot)));
    })();
    return () => {
      current = false;
    };
  }, [manifest, commitment, onOutcome]);

  return (
    <>
      <li className={state.manifest === "match" ? "text-emerald-800" : state.manifest ? "text-red-800" : "text-stone-600"} data-testid="manifest-check">
        {state.manifest === "match"
          ? `✓ The manifest (claims, evidence, contributors) hashes to what the registry committed at submission (read from ${rpcLabel}).`
          : state.manifest === "mismatch"
            ? `✖ The manifest this site serves does not hash to ${commitment.manifestHash}, the hash the registry committed (read from ${rpcLabel}).`
            : state.manifest === "unavailable"
              ? "✖ The manifest could not be fetched from this site."
              : "Checking the manifest…"}
      </li>
      <li className={rootOk ? "text-emerald-800" : "text-red-800"} data-testid="evidence-root-check">
        {rootOk ? `✓ The evidence list is the one committed on chain (evidence root read from ${rpcLabel}).` : `✖ The registry committed evidence root ${commitment.evidenceRoot}, not this page's.`}
      </li>
      {(state.items ?? []).map((check) => {
        const item = manifest.evidence.find((e) => e.index === check.index)!;
        const ok = check.proven && check.file !== "mismatch";
        return (
          <li key={check.index} className={ok ? "text-emerald-800" : "text-red-800"} data-testid="evidence-proof-check">
            {ok ? "✓" : "✖"} Evidence {check.index + 1}, “<bdi>{item.label}</bdi>”: {check.proven ? "in the committed evidence root" : "not proven against the committed evidence root"}
            {check.file === "match" ? "; the file hashes to its recorded hash" : check.file === "mismatch" ? "; the file does NOT hash to its recorded hash" : "; the file is on another site, which this page does not fetch: download it and compare its SHA-256 yourself"}; {supports(item.claims)}.
          </li>
        );
      })}
    </>
  );
}
