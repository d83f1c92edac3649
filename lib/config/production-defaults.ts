import { devKeyIndex } from "./dev-keys";

// What `npm start` refuses or skips when it does not run the bundled anvil (issue 15): a public
// development key as the operator key, and the sample bounty proposals and ad campaigns.

export const NEW_KEY_COMMAND = `node -e "console.log('0x' + require('crypto').randomBytes(32).toString('hex'))"`;

/** Why the operator key may not be used with this node, or undefined when it may. */
export function operatorKeyProblem(args: { operatorKey: string; bundledAnvil: boolean; keyFromEnvironment: boolean }): string | undefined {
  if (args.bundledAnvil) return undefined;
  const index = devKeyIndex(args.operatorKey);
  if (index < 0) return undefined;
  const which = args.keyFromEnvironment ? `CAPSULE_OPERATOR_KEY is anvil's public development key #${index}` : "CAPSULE_OPERATOR_KEY is not set, so it would default to anvil's public development key #0";
  return (
    `${which}, and the chain node is not the bundled anvil (CAPSULE_NODE_RPC_URL is set). Anyone can sign with that key. ` +
    `Set CAPSULE_OPERATOR_KEY to the 0x-prefixed private key of an account you control and have funded on that chain ` +
    `(make one with: ${NEW_KEY_COMMAND}; keep it in your secret store, never in the repository), ` +
    `or unset CAPSULE_NODE_RPC_URL to run the bundled local anvil.`
  );
}

/** Sample data only with the bundled anvil, unless CAPSULE_DEMO_DATA says otherwise (1 = always, 0 = never). */
export function sampleDataWanted(args: { demoData: "0" | "1" | undefined; bundledAnvil: boolean }): boolean {
  if (args.demoData === "1") return true;
  if (args.demoData === "0") return false;
  return args.bundledAnvil;
}
