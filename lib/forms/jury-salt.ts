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
