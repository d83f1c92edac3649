// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";
import {Eip712} from "./Eip712.sol";

interface ICapsuleAcceptance {
    function openVoting(
        uint256 capsuleId,
        bytes32 outletKey,
        uint64 windowSeconds,
        uint16 approvalPct,
        uint16 quorumPct
    ) external;
    function outcome(uint256 capsuleId) external view returns (bool closed, bool accepted);
    function tally(uint256 capsuleId)
        external
        view
        returns (uint256, uint256, uint256, uint64, uint64, uint16, uint16, uint64);
}

/// @notice Capsule submissions (bridge-authorized vouchers, paid by the submitter) and finalization.
contract ArticleRegistry is Operated, Eip712 {
    bytes32 public constant SUBMIT_VOUCHER_TYPEHASH = keccak256(
        "SubmitVoucher(uint256 capsuleId,string outletSlug,address submitter,bytes32 contentHash,uint256 parentCapsuleId,uint64 windowSeconds,uint256 eligibleWeight,uint16 approvalPct,uint16 quorumPct,uint256 deadline,bytes32 manifestHash,bytes32 evidenceRoot)"
    );

    uint256 public constant SUBMISSION_FEE = 30 ether;
    uint256 public constant VALIDATORS_SHARE = (SUBMISSION_FEE * 3500) / 10000;
    uint256 public constant BURN_POOL_SHARE = (SUBMISSION_FEE * 2000) / 10000;
    uint256 public constant MEDIA_VALIDATORS_SHARE = (SUBMISSION_FEE * 1500) / 10000;
    uint256 public constant INTEGRITY_TREASURY_SHARE = (SUBMISSION_FEE * 1000) / 10000;
    uint256 public constant VAULT_OPERATORS_SHARE = (SUBMISSION_FEE * 1000) / 10000;
    uint256 public constant FOUNDATION_SHARE = (SUBMISSION_FEE * 1000) / 10000;

    enum Status {
        None,
        Pending,
        Finalized,
        Rejected,
        Superseded
    }

    /// @dev `eligibleWeight` is the bridge's preview (RoleRegistry.outletWeight when it signed); it stays in
    /// the signed struct for compatibility, but CapsuleAcceptance takes its own snapshot when voting opens.
    struct SubmitVoucher {
        uint256 capsuleId;
        string outletSlug;
        address submitter;
        bytes32 contentHash;
        uint256 parentCapsuleId;
        uint64 windowSeconds;
        uint256 eligibleWeight;
        uint16 approvalPct;
        uint16 quorumPct;
        uint256 deadline;
        /// @dev SHA-256 of the capsule's manifest (RFC 8785 canonical JSON; its CIDv1 is the metadataURI).
        bytes32 manifestHash;
        /// @dev Root of the OpenZeppelin standard Merkle tree over the manifest's evidence items (0 when none).
        bytes32 evidenceRoot;
    }

    /// @dev Kept apart from Capsule so the `capsules` getter keeps its shape for existing readers.
    struct Commitment {
        bytes32 manifestHash;
        bytes32 evidenceRoot;
    }

    struct Capsule {
        string outletSlug;
        address submitter;
        bytes32 contentHash;
        uint256 parentCapsuleId;
        Status status;
        uint64 submittedAt;
        uint64 acceptedAt;
        uint256 articleId;
        address finalizedBy;
    }

    ICapsuleAcceptance public immutable acceptance;
    address payable public immutable validatorsVault;
    address payable public immutable burnPool;
    address payable public immutable mediaValidatorsVault;
    address payable public immutable integrityTreasury;
    address payable public immutable vaultOperatorsVault;
    address payable public immutable foundationVault;

    address public bridgeSigner;
    uint256 public articleCount;
    mapping(uint256 => Capsule) public capsules;
    mapping(uint256 => Commitment) private _commitments;
    /// @dev The versions submitted as revisions of each capsule, in order: a reader's node answers "what revises this
    /// version" with one eth_call instead of eth_getLogs over every block since it was published.
    mapping(uint256 => uint256[]) private _revisions;

    event CapsuleSubmitted(uint256 indexed capsuleId, string outletSlug, address indexed submitter);
    event FeeRouted(
        uint256 indexed capsuleId,
        uint256 validators,
        uint256 burnPool,
        uint256 mediaValidators,
        uint256 integrityTreasury,
        uint256 vaultOperators,
        uint256 foundation
    );
    event ManifestCommitted(uint256 indexed capsuleId, bytes32 manifestHash, bytes32 evidenceRoot);
    event CapsuleSuperseded(uint256 indexed capsuleId, uint256 indexed byCapsuleId);
    /// @notice Every revision, whatever the status of the version it revises: a reader's node finds a version's
    /// revisions by eth_getLogs on the parent (topic1) instead of reading every later capsule's parent.
    event CapsuleRevises(uint256 indexed parentCapsuleId, uint256 indexed capsuleId);
    event CapsuleAccepted(uint256 indexed capsuleId, string outletSlug, uint256 acceptedAt);
    event CapsuleFinalized(uint256 indexed capsuleId, uint256 articleId, address indexed finalizedBy);
    event CapsuleRejected(uint256 indexed capsuleId, uint256 yes, uint256 no);
    event BridgeSignerSet(address indexed signer);

    error NotSubmitter();
    error WrongFee(uint256 expected, uint256 sent);
    error VoucherExpired();
    error InvalidCapsuleId();
    error CapsuleExists();
    error UnknownParent();
    error InvalidSignature();
    error UnknownCapsule();
    error NotPending();
    error VotingOpen();
    error TransferFailed(address recipient);

    constructor(
        address bridgeSigner_,
        address acceptance_,
        address payable validatorsVault_,
        address payable burnPool_,
        address payable mediaValidatorsVault_,
        address payable integrityTreasury_,
        address payable vaultOperatorsVault_,
        address payable foundationVault_
    ) Eip712("Capsule Article Registry", "1") {
        if (
            bridgeSigner_ == address(0) || acceptance_ == address(0) || validatorsVault_ == address(0)
                || burnPool_ == address(0) || mediaValidatorsVault_ == address(0) || integrityTreasury_ == address(0)
                || vaultOperatorsVault_ == address(0) || foundationVault_ == address(0)
        ) revert ZeroAddress();
        bridgeSigner = bridgeSigner_;
        acceptance = ICapsuleAcceptance(acceptance_);
        validatorsVault = validatorsVault_;
        burnPool = burnPool_;
        mediaValidatorsVault = mediaValidatorsVault_;
        integrityTreasury = integrityTreasury_;
        vaultOperatorsVault = vaultOperatorsVault_;
        foundationVault = foundationVault_;
        emit BridgeSignerSet(bridgeSigner_);
    }

    function setBridgeSigner(address signer) external onlyOperator {
        if (signer == address(0)) revert ZeroAddress();
        bridgeSigner = signer;
        emit BridgeSignerSet(signer);
    }

    function hashSubmitVoucher(SubmitVoucher calldata v) public view returns (bytes32) {
        // Two halves of static words: identical to one abi.encode, without a too-deep stack.
        bytes memory head = abi.encode(
            SUBMIT_VOUCHER_TYPEHASH, v.capsuleId, keccak256(bytes(v.outletSlug)), v.submitter, v.contentHash
        );
        bytes memory tail =
            abi.encode(v.parentCapsuleId, v.windowSeconds, v.eligibleWeight, v.approvalPct, v.quorumPct, v.deadline);
        return _hashTypedData(keccak256(bytes.concat(head, tail, abi.encode(v.manifestHash, v.evidenceRoot))));
    }

    function submitCapsule(SubmitVoucher calldata v, bytes calldata signature) external payable {
        if (msg.sender != v.submitter) revert NotSubmitter();
        if (msg.value != SUBMISSION_FEE) revert WrongFee(SUBMISSION_FEE, msg.value);
        if (block.timestamp > v.deadline) revert VoucherExpired();
        if (v.capsuleId == 0) revert InvalidCapsuleId();
        if (capsules[v.capsuleId].status != Status.None) revert CapsuleExists();
        if (v.parentCapsuleId != 0 && capsules[v.parentCapsuleId].status == Status.None) revert UnknownParent();
        address signer = _recover(hashSubmitVoucher(v), signature);
        if (signer == address(0) || signer != bridgeSigner) revert InvalidSignature();

        Capsule storage c = capsules[v.capsuleId];
        c.outletSlug = v.outletSlug;
        c.submitter = v.submitter;
        c.contentHash = v.contentHash;
        c.parentCapsuleId = v.parentCapsuleId;
        c.status = Status.Pending;
        c.submittedAt = uint64(block.timestamp);

        acceptance.openVoting(
            v.capsuleId,
            keccak256(bytes(v.outletSlug)),
            v.windowSeconds,
            v.approvalPct,
            v.quorumPct
        );
        emit CapsuleSubmitted(v.capsuleId, v.outletSlug, v.submitter);
        _commitments[v.capsuleId] = Commitment(v.manifestHash, v.evidenceRoot);
        emit ManifestCommitted(v.capsuleId, v.manifestHash, v.evidenceRoot);

        if (v.parentCapsuleId != 0) {
            _revisions[v.parentCapsuleId].push(v.capsuleId);
            emit CapsuleRevises(v.parentCapsuleId, v.capsuleId);
            if (capsules[v.parentCapsuleId].status == Status.Finalized) {
                capsules[v.parentCapsuleId].status = Status.Superseded;
                emit CapsuleSuperseded(v.parentCapsuleId, v.capsuleId);
            }
        }
        _routeFee(v.capsuleId);
    }

    /// @notice What the editors voted on beyond the body: the manifest's hash and the evidence items' Merkle root.
    function commitmentOf(uint256 capsuleId) external view returns (bytes32 manifestHash, bytes32 evidenceRoot) {
        if (capsules[capsuleId].status == Status.None) revert UnknownCapsule();
        Commitment storage m = _commitments[capsuleId];
        return (m.manifestHash, m.evidenceRoot);
    }

    /// @notice The capsules submitted as revisions of `capsuleId`, oldest first, whatever became of them.
    function revisionsOf(uint256 capsuleId) external view returns (uint256[] memory) {
        return _revisions[capsuleId];
    }

    function _routeFee(uint256 capsuleId) private {
        _pay(validatorsVault, VALIDATORS_SHARE);
        _pay(burnPool, BURN_POOL_SHARE);
        _pay(mediaValidatorsVault, MEDIA_VALIDATORS_SHARE);
        _pay(integrityTreasury, INTEGRITY_TREASURY_SHARE);
        _pay(vaultOperatorsVault, VAULT_OPERATORS_SHARE);
        _pay(foundationVault, FOUNDATION_SHARE);
        emit FeeRouted(
            capsuleId,
            VALIDATORS_SHARE,
            BURN_POOL_SHARE,
            MEDIA_VALIDATORS_SHARE,
            INTEGRITY_TREASURY_SHARE,
            VAULT_OPERATORS_SHARE,
            FOUNDATION_SHARE
        );
    }

    function _pay(address payable to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert TransferFailed(to);
    }

    /// @notice Anyone may settle a capsule once its window has closed.
    function finalizeCapsule(uint256 capsuleId) external {
        Capsule storage c = _pending(capsuleId);
        (bool closed, bool accepted) = acceptance.outcome(capsuleId);
        if (!closed) revert VotingOpen();
        if (accepted) {
            uint256 articleId = ++articleCount;
            c.status = Status.Finalized;
            c.acceptedAt = uint64(block.timestamp);
            c.articleId = articleId;
            c.finalizedBy = msg.sender;
            emit CapsuleAccepted(capsuleId, c.outletSlug, block.timestamp);
            emit CapsuleFinalized(capsuleId, articleId, msg.sender);
        } else {
            _reject(c, capsuleId);
        }
    }

    /// @notice The bridge withdraws a pending capsule (author withdrawal, moderation).
    function closeCapsule(uint256 capsuleId) external onlyOperator {
        _reject(_pending(capsuleId), capsuleId);
    }

    function _pending(uint256 capsuleId) private view returns (Capsule storage c) {
        c = capsules[capsuleId];
        if (c.status == Status.None) revert UnknownCapsule();
        if (c.status != Status.Pending) revert NotPending();
    }

    function _reject(Capsule storage c, uint256 capsuleId) private {
        c.status = Status.Rejected;
        (uint256 yes, uint256 no,,,,,,) = acceptance.tally(capsuleId);
        emit CapsuleRejected(capsuleId, yes, no);
    }
}
