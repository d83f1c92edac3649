// bench/contracts/VoteCastEmitter.sol's event, shaped exactly like CapsuleAcceptance's VoteCast.
export const voteCastEmitterAbi = [
  {
    type: "event",
    name: "VoteCast",
    anonymous: false,
    inputs: [
      { name: "capsuleId", type: "uint256", indexed: true },
      { name: "voter", type: "address", indexed: true },
      { name: "support", type: "bool", indexed: false },
      { name: "weight", type: "uint256", indexed: false },
    ],
  },
] as const;
