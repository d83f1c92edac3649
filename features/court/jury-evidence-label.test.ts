import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import type { JuryCaseLogRow, JuryCaseRow } from "@/lib/db/tables/jury.table";
import { vaultDownloadPath } from "@/lib/api/vault-path";
import { ZJuryEvidence } from "./jury.schema";
import { evidenceFileIds, juryFields } from "./jury-view";

// Each evidence item of a jury case says what it is: who submitted it (side and wallet), a vault file (its
// name, type and SHA-256) or a link. The chain holds only the address; the vault knows the file's name.

const jury: JuryCaseRow = {
  case_id: 2, capsule_id: 9, outlet_key: "0x", author: "0xa", challenger: "0xc", claim_ids_json: "[]", fee: parseEther("3").toString(), snapshot_block: 1,
  pool_size: 20, round: 0, period: "evidence", period_starts_at: 0, period_ends_at: 500, draw_block: null, findings_json: null, article_finding: null, winner: null,
  by_default: 0, opened_at: 0, open_tx_hash: "0x", final_at: null, updated_at: 0,
};
const challenger = "0x0000000000000000000000000000000000000c0c";
const outlet = "0x00000000000000000000000000000000000000a1";
const fileId = "ab".repeat(32);
const unknownFileId = "cd".repeat(32);
const submitted = (n: number, party: string, side: number, uri: string): JuryCaseLogRow => ({
  tx_hash: `0x${String(n)}`.padEnd(66, "0"), log_index: 0, case_id: 2, round: 0, kind: "EvidenceSubmitted", actor: party, details_json: JSON.stringify({ party, side, uri }), block_number: 10 + n, block_time: 200 + n,
});
const log = [
  submitted(1, challenger, 1, vaultDownloadPath(fileId)),
  submitted(2, outlet, 2, "https://records.example.org/programme.pdf"),
  submitted(3, challenger, 1, vaultDownloadPath(unknownFileId)),
];

describe("jury evidence items carry their label", () => {
  it("names the vault files the evidence points at", () => {
    expect(evidenceFileIds(log)).toEqual([fileId, unknownFileId]);
  });

  it("gives each item its submitter, its kind, its title and its fingerprint", () => {
    const files = new Map([[fileId, { filename: "schedule.csv", mimeType: "text/csv" }]]);
    const evidence = juryFields(jury, [], log, { files }).evidence.map((e) => ZJuryEvidence.parse(e));
    expect(evidence.map(({ party, side, kind, title, mimeType, fingerprint }) => ({ party, side, kind, title, mimeType, fingerprint }))).toEqual([
      { party: challenger, side: "challenger", kind: "file", title: "schedule.csv", mimeType: "text/csv", fingerprint: fileId },
      { party: outlet, side: "outlet", kind: "link", title: null, mimeType: null, fingerprint: null },
      { party: challenger, side: "challenger", kind: "file", title: null, mimeType: null, fingerprint: unknownFileId },
    ]);
  });
});
