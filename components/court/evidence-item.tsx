import type { z } from "zod";
import type { ZJuryEvidence } from "@/features/court/jury.schema";
import { linkableUri, shownUri } from "@/lib/schemas/uri-kind";
import { FullAddress } from "@/components/ui/full-address";
import { formatTime } from "@/components/ui/capsule-format";

type Evidence = z.infer<typeof ZJuryEvidence>;

const sideWords: Record<Evidence["side"], string> = { challenger: "the challenger", outlet: "the outlet" };

/** "Vault file", "Link": what an evidence item is, in the words of its label. */
export const evidenceKindWords = (item: Pick<Evidence, "kind">) => (item.kind === "file" ? "Vault file" : "Link");

// One evidence item of a jury case, labelled: its number, who submitted it (side and wallet), what it is
// (a vault file with its name, type and SHA-256, or a link), the round and when.
export function EvidenceItem({ item, index }: { item: Evidence; index: number }) {
  const href = item.kind === "file" ? item.uri : linkableUri(item.uri);
  // a link's address comes from the chain as its party sent it: shown with any bidirectional formatting escaped
  const name = item.kind === "file" ? (item.title ?? "file in the vault") : shownUri(item.uri);
  return (
    <li className="space-y-1 rounded-md border border-stone-200 p-3 [overflow-wrap:anywhere]" data-testid="jury-evidence-item" data-side={item.side} data-kind={item.kind}>
      <p className="text-xs font-semibold uppercase tracking-wide text-stone-500" data-testid="evidence-label">
        Evidence {index + 1} · {evidenceKindWords(item)} · submitted by {sideWords[item.side]}
      </p>
      <p>
        {href ? (
          <a href={href} className="font-medium text-accent underline" {...(item.kind === "link" ? { rel: "noopener noreferrer" } : {})} data-testid="evidence-title">
            {name}
          </a>
        ) : (
          <span className="font-mono text-xs" data-testid="evidence-title">
            {name}
          </span>
        )}
        {item.kind === "file" && item.mimeType ? <span className="text-stone-600"> ({item.mimeType})</span> : null}
      </p>
      {item.fingerprint ? <p className="break-all font-mono text-xs text-stone-600">SHA-256 0x{item.fingerprint}</p> : null}
      <p className="text-xs text-stone-600">
        {item.side === "challenger" ? "Challenger" : "Outlet"} · round {item.round + 1} · {formatTime(item.at)} · from{" "}
        <FullAddress address={item.party} label="address of who submitted it" />
      </p>
    </li>
  );
}
