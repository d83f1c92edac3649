import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Delegation, SignTypedData } from "@/lib/auth/action-token";

/** Who signs a write: the wallet the action is for, its EIP-712 signer, and the delegation when a session key signs. */
export type ActionSigner = {
  wallet: Address;
  sign: SignTypedData;
  delegation?: Delegation;
  /** Told when the bridge answers that the delegating session is no more (401 with `sessionEnded`): expired or signed out. */
  onSessionEnded?: () => void;
};

/** A private key that signs for its own wallet (tests, scripts). */
export function keySigner(privateKey: Hex): ActionSigner {
  const account = privateKeyToAccount(privateKey);
  return { wallet: account.address, sign: (typed) => account.signTypedData(typed) };
}

/** A browser session key signing for the wallet that authorized it with Sign-In with Ethereum. */
export function sessionKeySigner(session: { wallet: string; privateKey: string; message: string; signature: string }): ActionSigner {
  const account = privateKeyToAccount(session.privateKey as Hex);
  return {
    wallet: session.wallet as Address,
    sign: (typed) => account.signTypedData(typed),
    delegation: { message: session.message, signature: session.signature },
  };
}
