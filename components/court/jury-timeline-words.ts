import { formatCap } from "@/components/ui/capsule-format";
import { FINDING_NAMES, PERIOD_NAMES, SIDE_NAMES } from "@/lib/chain/jury-claims";
import { shortAddress } from "@/lib/wallet/short-address";
import { vaultObjectIdOf } from "@/lib/api/vault-path";
import { shownUri } from "@/lib/schemas/uri-kind";

// Words for the jury court's on-chain events in a case's timeline: what happened, in one heading and one sentence.

export type JuryTimelineEvent = { kind: string; round: number; details: Record<string, unknown> };

const codeName = <T extends Record<number, string>>(names: T, value: unknown): T[keyof T] | undefined => names[Number(text(value)) as keyof T];
const period = (value: unknown) => codeName(PERIOD_NAMES, value);
const finding = (value: unknown) => codeName(FINDING_NAMES, value) ?? "no finding";
const side = (value: unknown) => {
  const name = codeName(SIDE_NAMES, value);
  return name ? `the ${name}` : undefined;
};

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" || typeof value === "bigint" ? String(value) : "");
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : []);
const cap = (value: unknown) => (text(value) ? formatCap(text(value)) : "");
const who = (value: unknown) => (text(value) ? shortAddress(text(value)) : "someone");
const findings = (value: unknown) => list(value).map(finding).join(", ");

/** A vault file by its fingerprint (its address is a path nobody reads), anything else as given. */
function evidenceWords(uri: string): string {
  const id = vaultObjectIdOf(uri);
  // a party may send any address to JuryCourt itself: shown with its bidirectional formatting escaped
  return id ? `A file in the vault, SHA-256 0x${id.slice(0, 12)}… (listed under “Evidence from both sides”).` : shownUri(uri);
}

/** Heading and sentence for a jury event; undefined for events a reader of the case need not see. */
export function describeJuryEvent(event: JuryTimelineEvent): { title: string; body: string } | undefined {
  const d = event.details;
  const round = `round ${event.round + 1}`;
  switch (event.kind) {
    case "CaseOpened":
      return { title: "Jury case opened on chain", body: `The challenger paid the arbitration fee${text(d.fee) ? ` of ${cap(d.fee)}` : ""}.` };
    case "PeriodChanged": {
      const name = period(d.period) ?? "next";
      return { title: `${name.charAt(0).toUpperCase()}${name.slice(1)} period (${round})`, body: name === "final" ? "The findings are final." : `The ${name} period began.` };
    }
    case "DrawScheduled":
      return { title: `Jurors to be drawn (${round})`, body: `The draw uses the randomness of block ${text(d.drawBlock)}, which nobody could know in advance.` };
    case "Draw":
      return { title: `Jurors drawn (${round})`, body: `${list(d.jurors).length} jurors: ${list(d.jurors).map((j) => shortAddress(j)).join(", ")}.` };
    case "EvidenceSubmitted":
      return { title: `Evidence from ${side(d.side) ?? who(d.party)}`, body: evidenceWords(text(d.uri)) };
    case "Committed":
      return { title: "A juror committed a sealed finding", body: `${who(d.juror)} committed; the finding stays secret until the reveal.` };
    case "Revealed":
      return { title: "A juror revealed", body: `${who(d.juror)} found ${findings(d.findings)}.` };
    case "RoundTallied":
      return { title: `Round tallied (${round})`, body: `Findings: ${findings(d.findings)}; ${side(d.winner) ?? "neither side"} prevails for now.` };
    case "JurorRewarded":
      return { title: "Juror rewarded", body: `${who(d.juror)} voted with the majority and receives ${cap(d.amount)}.` };
    case "JurorSlashed":
      return { title: "Juror penalised", body: `${who(d.juror)} did not reveal and loses ${cap(d.amount)} of bond to the burn pool.` };
    case "FeeReturned":
      return { title: "Fee returned", body: `${cap(d.amount)} of the fee went back for want of coherent jurors.` };
    case "AppealFunded":
      return { title: `Appeal funded for ${side(d.side) ?? "a side"}`, body: `${who(d.contributor)} gave ${cap(d.amount)}; ${cap(d.paid)} of ${cap(d.required)} paid.` };
    case "AppealRoundCreated":
      return { title: `Appeal: ${round} opened`, body: `${text(d.jurors)} jurors will be drawn; the fee is ${cap(d.fee)}.` };
    case "CaseFinal":
      return { title: "Findings final", body: `Article: ${finding(d.articleFinding)}${d.byDefault === true ? " (only one side funded the appeal)" : ""}.` };
    case "ChallengerRefunded":
      return { title: "Challenger refunded", body: `${who(d.challenger)} got ${cap(d.amount)} back: the finding went their way.` };
    case "ContributionWithdrawn":
      return { title: "Appeal contribution withdrawn", body: `${who(d.contributor)} withdrew ${cap(d.amount)}.` };
    default:
      return undefined;
  }
}
