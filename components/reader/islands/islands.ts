import { EvidenceList } from "@/components/reader/evidence-list";
import { FinalizationRecord } from "@/components/reader/finalization-record";

// The client components a script-free page may mount as islands (components/reader/islands/island.tsx on
// the server, reader-islands.tsx in the browser, bundled with Preact by scripts/build-islands.mjs).
// Each must take JSON-serializable props and use nothing of Next.js in the browser.
export const islands = { finalization: FinalizationRecord, evidence: EvidenceList };

export type IslandName = keyof typeof islands;
