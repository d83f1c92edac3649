import { toHex, type Hex } from "viem";

// A juror's salt (issue 28): made in the browser, kept in localStorage until the reveal, and offered as
// a file. Without it the findings cannot be revealed, and a juror who does not reveal is slashed.

export type KeptBallot = { juryCaseId: string; round: number; juror: string; findings: string[]; reasons: string[]; salt: Hex; savedToFile: boolean };

const keyOf = (juryCaseId: string, round: number, juror: string) => `capsule.jury.${juryCaseId}.${round}.${juror.toLowerCase()}`;

export function newSalt(): Hex {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

export function keepBallot(ballot: KeptBallot): void {
  window.localStorage.setItem(keyOf(ballot.juryCaseId, ballot.round, ballot.juror), JSON.stringify(ballot));
}

export function keptBallot(juryCaseId: string, round: number, juror: string): KeptBallot | undefined {
  const raw = window.localStorage.getItem(keyOf(juryCaseId, round, juror));
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as KeptBallot;
  } catch {
    return undefined;
  }
}

/** The ballot as a JSON file the juror keeps; importing it restores the reveal on another device. */
export function ballotFile(ballot: KeptBallot): Blob {
  return new Blob([JSON.stringify({ ...ballot, note: "Keep this file until you have revealed: without the salt your findings cannot be revealed." }, null, 2)], { type: "application/json" });
}

/** A saved ballot file read back, when it is this juror's ballot of this case and round (else undefined). */
export function parseBallotFile(text: string, expected: { juryCaseId: string; round: number; juror: string }): KeptBallot | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const b = value as Partial<KeptBallot>;
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((x) => typeof x === "string");
  if (b.juryCaseId !== expected.juryCaseId || b.round !== expected.round || typeof b.juror !== "string" || b.juror.toLowerCase() !== expected.juror.toLowerCase()) return undefined;
  if (!strings(b.findings) || !strings(b.reasons) || typeof b.salt !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(b.salt)) return undefined;
  return { juryCaseId: b.juryCaseId, round: b.round, juror: b.juror, findings: b.findings, reasons: b.reasons, salt: b.salt as KeptBallot["salt"], savedToFile: true };
}
