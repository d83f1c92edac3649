// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Bench-only: emits VoteCast logs shaped exactly like CapsuleAcceptance's, many per
/// transaction, so the indexer's back-fill can be measured over tens of thousands of events.
contract VoteCastEmitter {
    event VoteCast(uint256 indexed capsuleId, address indexed voter, bool support, uint256 weight);

    function emitMany(uint256 firstCapsuleId, uint256 capsuleCount, uint256 count, uint256 salt) external {
        for (uint256 i = 0; i < count; i++) {
            address voter = address(uint160(uint256(keccak256(abi.encode(salt, i)))));
            emit VoteCast(firstCapsuleId + (i % capsuleCount), voter, i % 3 != 0, 1 ether + i);
        }
    }
}
