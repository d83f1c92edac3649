import { describe, expect, it } from "vitest";
import { vaultDownloadPath } from "@/lib/api/vault-path";
import { describeJuryEvent } from "./jury-timeline-words";

describe("describeJuryEvent", () => {
  it("names a vault file by its fingerprint instead of its download path, and keeps a link as given", () => {
    const id = "f48c".padEnd(64, "0");
    expect(describeJuryEvent({ kind: "EvidenceSubmitted", round: 0, details: { side: "2", party: "0x00000000000000000000000000000000000000aa", uri: vaultDownloadPath(id) } })?.body).toBe(
      "A file in the vault, SHA-256 0xf48c00000000… (listed under “Evidence from both sides”).",
    );
    expect(describeJuryEvent({ kind: "EvidenceSubmitted", round: 0, details: { side: "1", uri: "https://archive.example.org/report.pdf" } })?.body).toBe("https://archive.example.org/report.pdf");
    // sent to JuryCourt past the bridge's check: a right-to-left override is shown escaped, so ".../\u202egnp.exe" never reads ".../exe.png"
    expect(describeJuryEvent({ kind: "EvidenceSubmitted", round: 0, details: { side: "1", uri: "https://archive.example.org/\u202egnp.exe" } })?.body).toBe("https://archive.example.org/%E2%80%AEgnp.exe");
  });

  it("groups a juror's lost bond like every other amount", () => {
    expect(describeJuryEvent({ kind: "JurorSlashed", round: 0, details: { juror: "0x00000000000000000000000000000000000000aa", amount: "50000000000000000000000000" } })?.body).toContain("loses 50,000,000 CAP of bond");
  });
});
