import { decodeErrorResult, formatEther, type Hex } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { describeWalletError } from "@/lib/wallet/wallet-error";

// JuryCourt's custom errors in words for the dispute page (a reverted simulation names the error and its arguments).

type Reverted = { data?: { errorName?: unknown; args?: unknown }; cause?: unknown };

function revertOf(error: unknown): { name: string; args: readonly unknown[] } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const data = (current as Reverted).data;
    if (data && typeof data.errorName === "string") return { name: data.errorName, args: Array.isArray(data.args) ? data.args : [] };
    current = (current as Reverted).cause;
  }
  return fromMessage(error);
}

// A node may answer a reverted call without its data, naming only "custom error 0x<selector>[<arguments>]" in the
// message (anvil does, through the site's RPC proxy): decoded against JuryCourt's errors.
function fromMessage(error: unknown): { name: string; args: readonly unknown[] } | undefined {
  const text = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}` : String(error);
  const data = /custom error (0x[0-9a-fA-F]{8,})/.exec(text)?.[1] as Hex | undefined;
  if (!data) return undefined;
  try {
    const decoded = decodeErrorResult({ abi: juryCourtAbi, data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    // only the selector survived: the error's name, without its arguments
    for (const item of juryCourtAbi) {
      if (item.type !== "error") continue;
      try {
        const padded = `${data.slice(0, 10)}${"00".repeat(32 * item.inputs.length)}` as Hex;
        const decoded = decodeErrorResult({ abi: [item], data: padded });
        return { name: decoded.errorName, args: [] };
      } catch {
        // not this one
      }
    }
    return undefined;
  }
}

const cap = (wei: unknown) => (typeof wei === "bigint" ? `${formatEther(wei)} CAP` : "the fee");

/** Why JuryCourt.openCase would fail, in words; anything else as the wallet describes it. */
export function describeOpenCaseError(error: unknown): string {
  const doing = "open the jury case";
  const revert = revertOf(error);
  if (!revert) {
    const text = describeWalletError(error, doing);
    if (/insufficient funds|exceeds the balance/i.test(text)) return `Could not ${doing}: your wallet does not hold enough CAP for the fee and the transaction cost.`;
    return text;
  }
  switch (revert.name) {
    case "NotEnoughJurors":
      return `The jury court cannot seat a jury for this article now: ${String(revert.args[0] ?? "too few")} Editors of other outlets hold a bond, and a first round needs ${String(revert.args[1] ?? 3)}. Nothing was paid. Try again later: the pool grows as Editors of other outlets deposit their bond.`;
    case "CaseAlreadyOpen":
      return `A jury case (#${String(revert.args[0] ?? "?")}) is already open on this article. Nothing was paid.`;
    case "OwnArticle":
      return "You wrote this article, so you cannot dispute it. Nothing was paid.";
    case "NotPublished":
      return "The chain does not list this article as published, so it cannot be disputed. Nothing was paid.";
    case "WrongFee":
      return `The fee changed while the page was open: it is now ${cap(revert.args[0])}. Reload the page to see it. Nothing was paid.`;
    case "TooManyClaims":
      return "A case may dispute at most 32 claims. Choose fewer.";
    default:
      return `Could not ${doing}: the jury court refused it (${revert.name}). Nothing was paid.`;
  }
}

/** Why JuryCourt.fundAppeal, withdrawContribution or withdraw would fail, in words (the dry run's refusal). */
export function describeAppealError(error: unknown, doing: string): string {
  const revert = revertOf(error);
  if (!revert) {
    const text = describeWalletError(error, doing);
    if (/insufficient funds|exceeds the balance/i.test(text)) return `Could not ${doing}: your wallet does not hold enough CAP for the amount and the transaction cost. Nothing was paid.`;
    return text;
  }
  switch (revert.name) {
    case "SideFunded":
      return "That side is already fully funded. Nothing was paid.";
    case "LoserFundingClosed":
      return "Funding for the side that lost this round closed half-way through the appeal period, so the side that won has time to answer. Nothing was paid.";
    case "ZeroAmount":
      return "Enter an amount above zero. Nothing was paid.";
    case "WrongPeriod":
    case "PeriodOver":
      return "The appeal period is over: the case has moved on. Reload the page to see where it stands. Nothing was paid.";
    case "AppealUnavailable":
      return "This case cannot go to another round (it has had its last round, or too few jurors can be seated). Nothing was paid.";
    case "NotFinal":
      return "Contributions are paid back once the case is final.";
    case "NothingToWithdraw":
      return "There is nothing left to withdraw.";
    default:
      return `Could not ${doing}: the jury court refused it (${revert.name}). Nothing was paid.`;
  }
}
