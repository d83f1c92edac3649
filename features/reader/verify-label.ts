import type { PublicClient } from "viem";
import { checkLabel, type LabelNode } from "./label-check";
import type { TLabelProof } from "./label-basis";
import type { Check } from "./verify-proof";

// The "label" check of `npm run verify`: label-check.ts over the reader's node through a viem PublicClient (the
// article page runs the same check in the browser over plain JSON-RPC, read-label.ts).

/** The reader's node as label-check.ts and latest-version.ts read it. */
export const nodeOf = (client: PublicClient): LabelNode => ({
  receipt: (hash) => client.request({ method: "eth_getTransactionReceipt", params: [hash] }),
  logs: (filter) => client.request({ method: "eth_getLogs", params: [filter] }),
  call: (to, data) => client.request({ method: "eth_call", params: [{ to, data }, "latest"] }),
});

/** The "label" check: the label follows from its basis on the node, and nothing later on the node changed it. */
export async function verifyLabel(node: LabelNode, label: TLabelProof, capsuleId: string, registry: string): Promise<Check> {
  const check = await checkLabel(node, label, capsuleId, registry);
  return { name: "label", ok: check.outcome !== "failed", detail: check.detail };
}
