import { toFunctionSelector, type Abi } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";

// A contract's refusal in words. A wallet that estimates gas itself reports a revert as "custom error
// 0x157fd87e"; the selector is matched against the contracts a page writes to.
const WORDS: Record<string, string> = {
  VoucherExpired: "the bridge's signature for this submission expired before it reached the chain. Submit again: the bridge signs a new one",
  WrongFee: "the fee sent does not match the fee the chain asks. Reload the page and submit again",
  InvalidSignature: "the chain did not accept the bridge's signature for this submission. Submit again",
  CapsuleExists: "this capsule is already on the chain. Reload the page to see it",
  NotSubmitter: "only the wallet that asked for this submission may send it",
  NotPending: "the capsule's vote is already closed",
  VotingOpen: "the capsule's vote is still open",
  UnknownParent: "the version this correction revises is not on the chain",
};

function errorNames(abi: Abi): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of abi) {
    if (item.type !== "error") continue;
    names.set(toFunctionSelector(`${item.name}(${item.inputs.map((input) => input.type).join(",")})`), item.name);
  }
  return names;
}

let selectors: Map<string, string> | undefined;

/** The contract error a wallet's message names, by name or by selector, in words; undefined when none is known. */
export function contractRefusal(text: string): { name: string; words: string } | undefined {
  selectors ??= errorNames(articleRegistryAbi as Abi);
  const bySelector = /custom error (0x[0-9a-fA-F]{8})/.exec(text)?.[1]?.toLowerCase();
  const name = (bySelector ? selectors.get(bySelector) : undefined) ?? Object.keys(WORDS).find((known) => new RegExp(`\\b${known}\\b`).test(text));
  if (!name) return undefined;
  const words = WORDS[name];
  return words ? { name, words } : undefined;
}
