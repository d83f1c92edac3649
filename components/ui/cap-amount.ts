import { parseUnits } from "viem";

// What a person types in a CAP amount field → wei, or one sentence saying what to change. A decimal
// comma counts as a decimal point ("12,5" is 12.5 CAP), as many keyboards and locales write it. What
// could be a thousands separator is refused in words rather than guessed: the pages write amounts with
// comma groups ("1,000 CAP"), so "1,000" copied from them must not become 1 CAP (docs/DECISIONS.md,
// "A decimal comma in CAP amounts").

/** Why an amount was refused: `digits` for text that is no number at all, the rest for a number written in a way CAP does not take. */
export type CapAmountProblem = "empty" | "separators" | "digits" | "decimals" | "zero";

export type CapAmount = { wei: bigint; error?: undefined; problem?: undefined } | { wei?: undefined; error: string; problem: CapAmountProblem };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const WITHOUT_GROUPS = "write the amount without thousands separators";

/** `allowZero`: 0 is a valid amount (a free licence); otherwise the amount must be above 0. */
export function parseCapAmount(text: string, options: { allowZero?: boolean; example?: string } = {}): CapAmount {
  const typed = text.trim();
  const example = options.example ?? "12.5";
  if (typed === "") return { problem: "empty", error: `Enter an amount in CAP, for example ${example}.` };
  const commas = typed.split(",").length - 1;
  const points = typed.split(".").length - 1;
  if (commas > 0 && points > 0) return { problem: "separators", error: `“${typed}” has both a comma and a point: ${WITHOUT_GROUPS} and one decimal separator, for example 1000.5 or 1000,5.` };
  if (commas > 1 || points > 1) return { problem: "separators", error: `“${typed}” has more than one separator: ${WITHOUT_GROUPS}, for example 1000000 or 1000000.5.` };
  if (commas === 1 && /^[1-9]\d{0,2},\d{3}$/.test(typed)) {
    const [larger, smaller] = [typed.replace(",", ""), typed.replace(",", ".").replace(/0+$/, "").replace(/\.$/, "")];
    return { problem: "separators", error: `“${typed}” could mean ${larger} CAP or ${smaller} CAP: write ${larger} for the larger amount, or ${smaller} for the smaller.` };
  }
  const match = DECIMAL.exec(typed.replace(",", "."));
  if (!match) return { problem: "digits", error: `Enter an amount in CAP with digits only, for example ${example} (a decimal comma works too).` };
  if ((match[2] ?? "").length > 18) return { problem: "decimals", error: "CAP has at most 18 decimals; shorten the amount." };
  const wei = parseUnits(`${match[1]}${match[2] ? `.${match[2]}` : ""}`, 18);
  if (wei === 0n && !options.allowZero) return { problem: "zero", error: "The amount must be more than 0 CAP." };
  return { wei };
}
