import { toEventSelector } from "viem";

// The seed's client-facing events, with the contract (deployment record key) that emits them.
export const publicEvents = [
  { name: "CapsuleSubmitted", contract: "articleRegistry", signature: "CapsuleSubmitted(uint256,string,address)" },
  { name: "CapsuleAccepted", contract: "articleRegistry", signature: "CapsuleAccepted(uint256,string,uint256)" },
  { name: "VoteCast", contract: "capsuleAcceptance", signature: "VoteCast(uint256,address,bool,uint256)" },
] as const;

export const publicEventTopics = publicEvents.map((event) => ({ ...event, topic: toEventSelector(event.signature) }));
