// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";
import {Eip712} from "./Eip712.sol";

interface IRoleRegistryVotes {
    function bondAt(address wallet, uint256 blockNumber) external view returns (uint256);
    function isVoterAt(bytes32 outletKey, address wallet, uint256 blockNumber) external view returns (bool);
    function outletWeightAt(bytes32 outletKey, uint256 blockNumber) external view returns (uint256);
}

/// @notice Weighted, time-boxed acceptance votes on capsules. The electorate is frozen when the window
/// opens: eligibility, each voter's weight (bond) and the eligible weight are read from RoleRegistry's
/// checkpoints at `snapshotBlock`, the block before the one that opened the window.
contract CapsuleAcceptance is Operated, Eip712 {
    bytes32 public constant BALLOT_TYPEHASH =
        keccak256("Ballot(uint256 capsuleId,bool support,address voter,uint256 nonce,uint256 deadline)");

    struct Voting {
        bytes32 outletKey;
        uint64 opensAt;
        uint64 closesAt;
        uint16 approvalPct;
        uint16 quorumPct;
        uint64 snapshotBlock;
        uint256 eligibleWeight;
        uint256 yes;
        uint256 no;
    }

    IRoleRegistryVotes public immutable roleRegistry;
    address public articleRegistry;

    mapping(uint256 => Voting) private _votings;
    mapping(uint256 => mapping(address => bool)) public hasVoted;
    mapping(address => uint256) public nonces;

    event VotingOpened(
        uint256 indexed capsuleId, bytes32 indexed outletKey, uint64 opensAt, uint64 closesAt, uint256 eligibleWeight,
        uint64 snapshotBlock
    );
    event VoteCast(uint256 indexed capsuleId, address indexed voter, bool support, uint256 weight);
    event ArticleRegistrySet(address indexed articleRegistry);

    error NotArticleRegistry();
    error ArticleRegistryAlreadySet();
    error VotingAlreadyOpened();
    error InvalidPolicy();
    error UnknownCapsule();
    error VotingClosed();
    error NotEligible();
    error AlreadyVoted();
    error SignatureExpired();
    error InvalidSignature();

    constructor(address roleRegistry_) Eip712("Capsule Acceptance", "1") {
        if (roleRegistry_ == address(0)) revert ZeroAddress();
        roleRegistry = IRoleRegistryVotes(roleRegistry_);
    }

    function setArticleRegistry(address registry) external onlyOperator {
        if (articleRegistry != address(0)) revert ArticleRegistryAlreadySet();
        if (registry == address(0)) revert ZeroAddress();
        articleRegistry = registry;
        emit ArticleRegistrySet(registry);
    }

    function openVoting(
        uint256 capsuleId,
        bytes32 outletKey,
        uint64 windowSeconds,
        uint16 approvalPct,
        uint16 quorumPct
    ) external {
        if (msg.sender != articleRegistry) revert NotArticleRegistry();
        if (_votings[capsuleId].closesAt != 0) revert VotingAlreadyOpened();
        if (windowSeconds == 0 || approvalPct > 100 || quorumPct > 100) revert InvalidPolicy();
        uint64 opensAt = uint64(block.timestamp);
        uint64 closesAt = opensAt + windowSeconds;
        // The previous block is final: nothing later in this block (or after) can change its checkpoints.
        uint64 snapshotBlock = uint64(block.number - 1);
        uint256 eligibleWeight = roleRegistry.outletWeightAt(outletKey, snapshotBlock);
        _votings[capsuleId] =
            Voting(outletKey, opensAt, closesAt, approvalPct, quorumPct, snapshotBlock, eligibleWeight, 0, 0);
        emit VotingOpened(capsuleId, outletKey, opensAt, closesAt, eligibleWeight, snapshotBlock);
    }

    function castVote(uint256 capsuleId, bool support) external {
        _cast(capsuleId, msg.sender, support);
    }

    /// @notice A ballot signed by `voter` (EIP-712 "Ballot"), relayed by anyone; consumes nonces(voter).
    function castVoteBySig(uint256 capsuleId, bool support, address voter, uint256 deadline, bytes calldata signature)
        external
    {
        if (block.timestamp > deadline) revert SignatureExpired();
        uint256 nonce = nonces[voter]++;
        bytes32 digest =
            _hashTypedData(keccak256(abi.encode(BALLOT_TYPEHASH, capsuleId, support, voter, nonce, deadline)));
        address signer = _recover(digest, signature);
        if (signer == address(0) || signer != voter) revert InvalidSignature();
        _cast(capsuleId, voter, support);
    }

    function _cast(uint256 capsuleId, address voter, bool support) private {
        Voting storage voting = _votings[capsuleId];
        if (voting.closesAt == 0) revert UnknownCapsule();
        if (block.timestamp < voting.opensAt || block.timestamp >= voting.closesAt) revert VotingClosed();
        if (!roleRegistry.isVoterAt(voting.outletKey, voter, voting.snapshotBlock)) revert NotEligible();
        if (hasVoted[capsuleId][voter]) revert AlreadyVoted();
        uint256 weight = roleRegistry.bondAt(voter, voting.snapshotBlock);
        if (weight == 0) revert NotEligible();
        hasVoted[capsuleId][voter] = true;
        if (support) voting.yes += weight;
        else voting.no += weight;
        emit VoteCast(capsuleId, voter, support, weight);
    }

    function tally(uint256 capsuleId)
        external
        view
        returns (
            uint256 yes,
            uint256 no,
            uint256 eligibleWeight,
            uint64 opensAt,
            uint64 closesAt,
            uint16 approvalPct,
            uint16 quorumPct,
            uint64 snapshotBlock
        )
    {
        Voting storage v = _votings[capsuleId];
        return (v.yes, v.no, v.eligibleWeight, v.opensAt, v.closesAt, v.approvalPct, v.quorumPct, v.snapshotBlock);
    }

    function outletKeyOf(uint256 capsuleId) external view returns (bytes32) {
        return _votings[capsuleId].outletKey;
    }

    /// @return closed the window has ended; accepted closed and both thresholds met (docs/ARCHITECTURE.md, "Vote arithmetic").
    function outcome(uint256 capsuleId) external view returns (bool closed, bool accepted) {
        Voting storage v = _votings[capsuleId];
        closed = v.closesAt != 0 && block.timestamp >= v.closesAt;
        uint256 cast = v.yes + v.no;
        accepted = closed && cast > 0 && 100 * v.yes >= uint256(v.approvalPct) * cast
            && 100 * cast >= uint256(v.quorumPct) * v.eligibleWeight;
    }
}
