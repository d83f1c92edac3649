// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";
import {Eip712} from "./Eip712.sol";

interface IJuryRoleRegistry {
    function jurorPoolAt(bytes32 excludedOutletKey, uint256 blockNumber)
        external
        view
        returns (address[] memory wallets, uint256[] memory weights);
    function isVoter(bytes32 outletKey, address wallet) external view returns (bool);
    function isMember(bytes32 outletKey, address wallet) external view returns (bool);
    function bondOf(address wallet) external view returns (uint256);
    function slash(address wallet, uint256 amount) external returns (uint256);
    function seize(address wallet, uint256 amount) external returns (uint256);
}

interface IJuryArticleRegistry {
    function capsules(uint256 capsuleId)
        external
        view
        returns (string memory, address, bytes32, uint256, uint8, uint64, uint64, uint256, address);
}

/// @notice Integrity cases decided by juries of bonded Editors of other outlets.
/// A case runs in chain time through evidence → commit → reveal → appeal → final; each round's jurors are drawn
/// in proportion to bond at the case's snapshot block, from the hash of a block that did not exist when the
/// draw was scheduled. Jurors commit, then reveal, one finding per claim (1 verified, 2 misleading,
/// 3 fraudulent, 4 unresolved) with a short public reason; both may be relayed as EIP-712 signatures.
/// Rounds are numbered from 0. Sides: 1 the challenger, 2 the outlet; the challenger prevails when any claim
/// is found misleading or fraudulent.
contract JuryCourt is Operated, Eip712 {
    enum Period {
        None,
        Evidence,
        Commit,
        Reveal,
        Appeal,
        Final
    }

    uint8 public constant VERIFIED = 1;
    uint8 public constant MISLEADING = 2;
    uint8 public constant FRAUDULENT = 3;
    uint8 public constant UNRESOLVED = 4;
    uint8 public constant CHALLENGER = 1;
    uint8 public constant OUTLET = 2;

    uint256 public constant FIRST_ROUND_JURORS = 3;
    uint256 public constant MAX_ROUNDS = 3;
    uint256 public constant MAX_CLAIMS = 32;
    uint256 public constant MAX_REASON_BYTES = 280;
    uint256 public constant MAX_EVIDENCE_URI_BYTES = 2048;
    /// @notice A drawn juror who does not reveal loses this share of their bond (basis points) to the burn pool.
    uint256 public constant NON_REVEAL_SLASH_BPS = 500;

    bytes32 public constant COMMIT_TYPEHASH =
        keccak256("Commit(uint256 caseId,uint256 round,address juror,bytes32 commitment)");
    bytes32 public constant REVEAL_TYPEHASH =
        keccak256("Reveal(uint256 caseId,uint256 round,address juror,uint8[] findings,string[] reasons,bytes32 salt)");

    struct Config {
        uint64 evidenceSeconds;
        uint64 commitSeconds;
        uint64 revealSeconds;
        uint64 appealSeconds;
        uint64 drawDelayBlocks;
        uint256 feePerJuror;
    }

    struct Case {
        uint256 capsuleId;
        bytes32 outletKey;
        address author;
        address challenger;
        uint64 snapshotBlock;
        uint64 drawBlock;
        uint64 periodStart;
        Period period;
        uint8 round;
        uint8 winner;
        bool byDefault;
        uint16 poolSize;
        uint256 challengerFee;
        Config config;
    }

    struct Round {
        address[] jurors;
        uint256 fee;
        uint16 committed;
        uint16 revealed;
    }

    struct Vote {
        bool drawn;
        bool revealed;
        bytes32 commitment;
        uint256 findings;
    }

    /// @dev The blocks of a case's CaseOpened and CaseFinal (0 until final), one slot per case.
    struct CaseBlocks {
        uint64 opened;
        uint64 ended;
    }

    struct Appeal {
        uint256[3] paid;
        uint256 rewardPool;
        bool created;
    }

    IJuryRoleRegistry public immutable roleRegistry;
    IJuryArticleRegistry public immutable articleRegistry;
    address payable public immutable burnPool;

    Config public config;
    uint256 public caseCount;
    /// @notice The case still running for a capsule (0 when none).
    mapping(uint256 => uint256) public openCaseOf;
    /// @notice Juror fees, refunds and excess appeal payments waiting to be withdrawn.
    mapping(address => uint256) public balanceOf;

    mapping(uint256 => Case) private _cases;
    /// @dev Every case ever opened on a capsule, in order, and where its events are: a reader's node answers "which
    /// cases touched this article" with one eth_call instead of eth_getLogs over every block since publication.
    mapping(uint256 => uint256[]) private _casesOfCapsule;
    mapping(uint256 => CaseBlocks) private _caseBlocks;
    mapping(uint256 => bytes32[]) private _claims;
    /// @dev The current ruling: one finding per claim, 8 bits each, claim 0 in the lowest byte.
    mapping(uint256 => uint256) private _ruling;
    mapping(uint256 => mapping(uint256 => Round)) private _rounds;
    mapping(uint256 => mapping(uint256 => mapping(address => Vote))) private _votes;
    mapping(uint256 => mapping(uint256 => Appeal)) private _appeals;
    mapping(uint256 => mapping(uint256 => mapping(address => uint256[3]))) private _contributions;

    event ConfigSet(
        uint64 evidenceSeconds,
        uint64 commitSeconds,
        uint64 revealSeconds,
        uint64 appealSeconds,
        uint64 drawDelayBlocks,
        uint256 feePerJuror
    );
    event CaseOpened(
        uint256 indexed caseId,
        uint256 indexed capsuleId,
        address indexed challenger,
        bytes32 outletKey,
        address author,
        bytes32[] claimIds,
        uint256 fee,
        uint64 snapshotBlock,
        uint16 poolSize
    );
    event PeriodChanged(uint256 indexed caseId, uint8 round, Period period, uint64 startsAt, uint64 endsAt);
    event DrawScheduled(uint256 indexed caseId, uint8 round, uint64 drawBlock);
    event Draw(uint256 indexed caseId, uint8 round, bytes32 seed, address[] jurors);
    event EvidenceSubmitted(uint256 indexed caseId, uint8 round, address indexed party, uint8 side, string uri);
    event Committed(uint256 indexed caseId, uint8 round, address indexed juror);
    event Revealed(uint256 indexed caseId, uint8 round, address indexed juror, uint8[] findings, string[] reasons);
    event RoundTallied(uint256 indexed caseId, uint8 round, uint8[] findings, uint8 winner);
    event JurorRewarded(uint256 indexed caseId, uint8 round, address indexed juror, uint256 amount);
    event JurorSlashed(uint256 indexed caseId, uint8 round, address indexed juror, uint256 amount);
    event FeeReturned(uint256 indexed caseId, uint8 round, uint256 amount);
    event AppealFunded(
        uint256 indexed caseId, uint8 round, uint8 side, address indexed contributor, uint256 amount, uint256 paid, uint256 required
    );
    event AppealRoundCreated(uint256 indexed caseId, uint8 round, uint256 jurors, uint256 fee);
    event CaseFinal(uint256 indexed caseId, uint8 round, uint8[] findings, uint8 articleFinding, uint8 winner, bool byDefault);
    event ChallengerRefunded(uint256 indexed caseId, address indexed challenger, uint256 amount);
    event ContributionWithdrawn(uint256 indexed caseId, uint8 round, address indexed contributor, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount);

    error InvalidConfig();
    error UnknownCase();
    error NotPublished();
    error CaseAlreadyOpen(uint256 caseId);
    error OwnArticle();
    error TooManyClaims();
    error DuplicateClaim(bytes32 claimId);
    error WrongFee(uint256 expected, uint256 sent);
    error NotEnoughJurors(uint256 available, uint256 needed);
    error WrongPeriod(Period period);
    error PeriodOver(uint64 endedAt);
    error PeriodNotOver(uint64 endsAt);
    error AlreadyDrawn();
    error DrawNotReady(uint64 drawBlock);
    error NotAParty();
    error UriTooLong();
    error NotJuror();
    error EmptyCommitment();
    error AlreadyCommitted();
    error NotCommitted();
    error AlreadyRevealed();
    error WrongClaimCount(uint256 expected);
    error InvalidFinding(uint8 finding);
    error ReasonTooLong(uint256 claimIndex);
    error CommitmentMismatch();
    error InvalidSignature();
    error InvalidSide();
    error AppealUnavailable();
    error SideFunded();
    error LoserFundingClosed(uint64 closedAt);
    error ZeroAmount();
    error NotFinal();
    error NothingToWithdraw();
    error TransferFailed();
    error UnexpectedPayment();

    constructor(address roleRegistry_, address articleRegistry_, address payable burnPool_) Eip712("Capsule Jury Court", "1") {
        if (roleRegistry_ == address(0) || articleRegistry_ == address(0) || burnPool_ == address(0)) revert ZeroAddress();
        roleRegistry = IJuryRoleRegistry(roleRegistry_);
        articleRegistry = IJuryArticleRegistry(articleRegistry_);
        burnPool = burnPool_;
        _setConfig(Config(72 hours, 48 hours, 48 hours, 72 hours, 3, 1 ether));
    }

    /// @notice Bond seized from an author for a challenger's refund arrives here.
    receive() external payable {
        if (msg.sender != address(roleRegistry)) revert UnexpectedPayment();
    }

    // ---------------------------------------------------------------- configuration

    /// @notice New cases take these values; running cases keep the ones they opened with.
    function setConfig(Config calldata next) external onlyOperator {
        _setConfig(next);
    }

    function _setConfig(Config memory next) private {
        if (
            next.evidenceSeconds == 0 || next.commitSeconds == 0 || next.revealSeconds == 0 || next.appealSeconds == 0
                || next.drawDelayBlocks == 0 || next.drawDelayBlocks > 200
        ) revert InvalidConfig();
        config = next;
        emit ConfigSet(
            next.evidenceSeconds, next.commitSeconds, next.revealSeconds, next.appealSeconds, next.drawDelayBlocks, next.feePerJuror
        );
    }

    // ---------------------------------------------------------------- opening and draw

    /// @notice The challenger opens a case on a published capsule, paying FIRST_ROUND_JURORS × feePerJuror.
    /// @param claimIds the disputed claims of the capsule; empty for the article as a whole.
    function openCase(uint256 capsuleId, bytes32[] calldata claimIds) external payable returns (uint256 caseId) {
        if (claimIds.length > MAX_CLAIMS) revert TooManyClaims();
        for (uint256 i = 0; i < claimIds.length; i++) {
            for (uint256 j = 0; j < i; j++) {
                if (claimIds[i] == claimIds[j]) revert DuplicateClaim(claimIds[i]);
            }
        }
        (string memory outletSlug, address author,,, uint8 status,,,,) = articleRegistry.capsules(capsuleId);
        // ArticleRegistry.Status: 2 Finalized, 4 Superseded (published, then corrected).
        if (status != 2 && status != 4) revert NotPublished();
        if (openCaseOf[capsuleId] != 0) revert CaseAlreadyOpen(openCaseOf[capsuleId]);
        if (author == msg.sender) revert OwnArticle();
        Config memory cfg = config;
        uint256 fee = FIRST_ROUND_JURORS * cfg.feePerJuror;
        if (msg.value != fee) revert WrongFee(fee, msg.value);

        caseId = ++caseCount;
        Case storage c = _cases[caseId];
        c.capsuleId = capsuleId;
        c.outletKey = keccak256(bytes(outletSlug));
        c.author = author;
        c.challenger = msg.sender;
        // The previous block is final: nothing in this block can change the pool the jurors come from.
        c.snapshotBlock = uint64(block.number - 1);
        c.config = cfg;
        c.challengerFee = fee;
        (address[] memory wallets,) = _pool(c);
        if (wallets.length < FIRST_ROUND_JURORS) revert NotEnoughJurors(wallets.length, FIRST_ROUND_JURORS);
        c.poolSize = uint16(wallets.length > type(uint16).max ? type(uint16).max : wallets.length);
        _claims[caseId] = claimIds;
        _rounds[caseId][0].fee = fee;
        openCaseOf[capsuleId] = caseId;
        _casesOfCapsule[capsuleId].push(caseId);
        _caseBlocks[caseId].opened = uint64(block.number);

        emit CaseOpened(caseId, capsuleId, msg.sender, c.outletKey, author, claimIds, fee, c.snapshotBlock, c.poolSize);
        _scheduleDraw(caseId, c);
        _enter(caseId, c, Period.Evidence);
    }

    /// @notice Anyone draws the current round's jurors once the scheduled block is mined (during evidence).
    /// When that block is more than 256 blocks old its hash is gone: the draw is scheduled again instead.
    function draw(uint256 caseId) external {
        Case storage c = _case(caseId);
        if (c.period != Period.Evidence) revert WrongPeriod(c.period);
        if (_rounds[caseId][c.round].jurors.length != 0) revert AlreadyDrawn();
        _draw(caseId, c);
    }

    function _scheduleDraw(uint256 caseId, Case storage c) private {
        c.drawBlock = uint64(block.number) + c.config.drawDelayBlocks;
        emit DrawScheduled(caseId, c.round, c.drawBlock);
    }

    /// @return drawn false when the draw had to be scheduled again.
    function _draw(uint256 caseId, Case storage c) private returns (bool drawn) {
        if (block.number <= c.drawBlock) revert DrawNotReady(c.drawBlock);
        bytes32 hash = blockhash(c.drawBlock);
        if (hash == bytes32(0)) {
            _scheduleDraw(caseId, c);
            return false;
        }
        bytes32 seed = keccak256(abi.encode(hash, caseId, c.round));
        address[] memory jurors = _sample(c, seed, jurorsInRound(c.round));
        Round storage r = _rounds[caseId][c.round];
        for (uint256 i = 0; i < jurors.length; i++) {
            r.jurors.push(jurors[i]);
            _votes[caseId][c.round][jurors[i]].drawn = true;
        }
        emit Draw(caseId, c.round, seed, jurors);
        return true;
    }

    /// @notice The jurors a seed draws for a case (the draw itself uses the seed in its Draw event): anyone can
    /// check a draw, and tests can measure the proportions over many seeds.
    function sampleJurors(uint256 caseId, bytes32 seed, uint256 count) external view returns (address[] memory) {
        return _sample(_case(caseId), seed, count);
    }

    /// @dev Weighted sampling without replacement: each pick is proportional to bond among those not yet picked.
    function _sample(Case storage c, bytes32 seed, uint256 count) private view returns (address[] memory picked) {
        (address[] memory wallets, uint256[] memory weights) = _pool(c);
        uint256 total = 0;
        for (uint256 i = 0; i < weights.length; i++) total += weights[i];
        if (wallets.length < count) revert NotEnoughJurors(wallets.length, count);
        picked = new address[](count);
        for (uint256 n = 0; n < count; n++) {
            uint256 ticket = uint256(keccak256(abi.encode(seed, n))) % total;
            uint256 i = 0;
            while (ticket >= weights[i]) {
                ticket -= weights[i];
                i++;
            }
            picked[n] = wallets[i];
            total -= weights[i];
            weights[i] = 0;
        }
    }

    /// @dev The registry's pool for the outlet at the snapshot, without the author and the challenger.
    function _pool(Case storage c) private view returns (address[] memory wallets, uint256[] memory weights) {
        (wallets, weights) = roleRegistry.jurorPoolAt(c.outletKey, c.snapshotBlock);
        uint256 n = 0;
        for (uint256 i = 0; i < wallets.length; i++) {
            if (wallets[i] == c.author || wallets[i] == c.challenger) continue;
            wallets[n] = wallets[i];
            weights[n] = weights[i];
            n++;
        }
        assembly {
            mstore(wallets, n)
            mstore(weights, n)
        }
    }

    /// @notice 3 in the first round, then 2n + 1.
    function jurorsInRound(uint256 round) public pure returns (uint256 n) {
        n = FIRST_ROUND_JURORS;
        for (uint256 i = 0; i < round; i++) n = 2 * n + 1;
    }

    // ---------------------------------------------------------------- evidence

    /// @notice A party adds evidence during the evidence period: the challenger (side 1) or the outlet's side
    /// (side 2: the author, or anyone holding a role at the outlet). The operator may relay for a party.
    function submitEvidence(uint256 caseId, address party, string calldata uri) external {
        Case storage c = _case(caseId);
        _inPeriod(caseId, c, Period.Evidence);
        if (msg.sender != party && msg.sender != operator) revert NotAParty();
        if (bytes(uri).length == 0 || bytes(uri).length > MAX_EVIDENCE_URI_BYTES) revert UriTooLong();
        uint8 side;
        if (party == c.challenger) side = CHALLENGER;
        else if (party == c.author || roleRegistry.isVoter(c.outletKey, party) || roleRegistry.isMember(c.outletKey, party)) side = OUTLET;
        else revert NotAParty();
        emit EvidenceSubmitted(caseId, c.round, party, side, uri);
    }

    // ---------------------------------------------------------------- commit and reveal

    function commit(uint256 caseId, bytes32 commitment) external {
        _commit(caseId, msg.sender, commitment);
    }

    /// @notice Relays a commitment the juror signed (EIP-712 Commit).
    function commitBySig(uint256 caseId, address juror, bytes32 commitment, bytes calldata signature) external {
        uint256 round = _case(caseId).round;
        bytes32 digest = _hashTypedData(keccak256(abi.encode(COMMIT_TYPEHASH, caseId, round, juror, commitment)));
        address signer = _recover(digest, signature);
        if (signer == address(0) || signer != juror) revert InvalidSignature();
        _commit(caseId, juror, commitment);
    }

    function _commit(uint256 caseId, address juror, bytes32 commitment) private {
        Case storage c = _case(caseId);
        _inPeriod(caseId, c, Period.Commit);
        Vote storage v = _votes[caseId][c.round][juror];
        if (!v.drawn) revert NotJuror();
        if (commitment == bytes32(0)) revert EmptyCommitment();
        if (v.commitment != bytes32(0)) revert AlreadyCommitted();
        v.commitment = commitment;
        _rounds[caseId][c.round].committed++;
        emit Committed(caseId, c.round, juror);
    }

    /// @notice keccak256(abi.encode(caseId, round, juror, findings, salt)): what a juror commits.
    function commitmentOf(uint256 caseId, uint256 round, address juror, uint8[] calldata findings, bytes32 salt)
        public
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(caseId, round, juror, findings, salt));
    }

    function reveal(uint256 caseId, uint8[] calldata findings, string[] calldata reasons, bytes32 salt) external {
        _reveal(caseId, msg.sender, findings, reasons, salt);
    }

    /// @notice Relays a reveal the juror signed (EIP-712 Reveal): the signature covers the public reasons.
    function revealBySig(
        uint256 caseId,
        address juror,
        uint8[] calldata findings,
        string[] calldata reasons,
        bytes32 salt,
        bytes calldata signature
    ) external {
        bytes32 digest = _hashTypedData(_revealStructHash(caseId, _case(caseId).round, juror, findings, reasons, salt));
        address signer = _recover(digest, signature);
        if (signer == address(0) || signer != juror) revert InvalidSignature();
        _reveal(caseId, juror, findings, reasons, salt);
    }

    function _revealStructHash(
        uint256 caseId,
        uint256 round,
        address juror,
        uint8[] calldata findings,
        string[] calldata reasons,
        bytes32 salt
    ) private pure returns (bytes32) {
        bytes32[] memory reasonHashes = new bytes32[](reasons.length);
        for (uint256 i = 0; i < reasons.length; i++) reasonHashes[i] = keccak256(bytes(reasons[i]));
        return keccak256(
            abi.encode(
                REVEAL_TYPEHASH,
                caseId,
                round,
                juror,
                keccak256(abi.encodePacked(findings)),
                keccak256(abi.encodePacked(reasonHashes)),
                salt
            )
        );
    }

    function _reveal(uint256 caseId, address juror, uint8[] calldata findings, string[] calldata reasons, bytes32 salt)
        private
    {
        Case storage c = _case(caseId);
        _inPeriod(caseId, c, Period.Reveal);
        Vote storage v = _votes[caseId][c.round][juror];
        if (!v.drawn) revert NotJuror();
        if (v.commitment == bytes32(0)) revert NotCommitted();
        if (v.revealed) revert AlreadyRevealed();
        uint256 claims = claimCount(caseId);
        if (findings.length != claims || reasons.length != claims) revert WrongClaimCount(claims);
        uint256 packed = 0;
        for (uint256 k = 0; k < claims; k++) {
            if (findings[k] < VERIFIED || findings[k] > UNRESOLVED) revert InvalidFinding(findings[k]);
            if (bytes(reasons[k]).length > MAX_REASON_BYTES) revert ReasonTooLong(k);
            packed |= uint256(findings[k]) << (8 * k);
        }
        if (commitmentOf(caseId, c.round, juror, findings, salt) != v.commitment) revert CommitmentMismatch();
        v.revealed = true;
        v.findings = packed;
        _rounds[caseId][c.round].revealed++;
        emit Revealed(caseId, c.round, juror, findings, reasons);
    }

    // ---------------------------------------------------------------- periods

    /// @notice Anyone moves a case on when its period has ended, or earlier when the period's work is done
    /// (every juror committed, every juror revealed).
    function advancePeriod(uint256 caseId) external {
        Case storage c = _case(caseId);
        Round storage r = _rounds[caseId][c.round];
        uint64 end = periodEndsAt(caseId);
        if (c.period == Period.Evidence) {
            if (block.timestamp < end) revert PeriodNotOver(end);
            if (r.jurors.length == 0 && !_draw(caseId, c)) return;
            _enter(caseId, c, Period.Commit);
        } else if (c.period == Period.Commit) {
            if (block.timestamp < end && r.committed < r.jurors.length) revert PeriodNotOver(end);
            _enter(caseId, c, Period.Reveal);
        } else if (c.period == Period.Reveal) {
            if (block.timestamp < end && r.revealed < r.jurors.length) revert PeriodNotOver(end);
            _tally(caseId, c, r);
            if (appealPossible(caseId)) _enter(caseId, c, Period.Appeal);
            else _finalize(caseId, c);
        } else if (c.period == Period.Appeal) {
            if (block.timestamp < end) revert PeriodNotOver(end);
            _closeAppeal(caseId, c);
        } else {
            revert WrongPeriod(c.period);
        }
    }

    function _enter(uint256 caseId, Case storage c, Period period) private {
        c.period = period;
        c.periodStart = uint64(block.timestamp);
        emit PeriodChanged(caseId, c.round, period, c.periodStart, periodEndsAt(caseId));
    }

    /// @notice When the current period ends (0 once final).
    function periodEndsAt(uint256 caseId) public view returns (uint64) {
        Case storage c = _cases[caseId];
        Config storage cfg = c.config;
        if (c.period == Period.Evidence) return c.periodStart + cfg.evidenceSeconds;
        if (c.period == Period.Commit) return c.periodStart + cfg.commitSeconds;
        if (c.period == Period.Reveal) return c.periodStart + cfg.revealSeconds;
        if (c.period == Period.Appeal) return c.periodStart + cfg.appealSeconds;
        return 0;
    }

    function _inPeriod(uint256 caseId, Case storage c, Period period) private view {
        if (c.period != period) revert WrongPeriod(c.period);
        uint64 end = periodEndsAt(caseId);
        if (block.timestamp >= end) revert PeriodOver(end);
    }

    // ---------------------------------------------------------------- outcome and incentives

    /// @dev Plurality per claim (ties and no votes → unresolved); coherent jurors share the round's fee, a
    /// juror who did not reveal is slashed.
    function _tally(uint256 caseId, Case storage c, Round storage r) private {
        uint256 claims = claimCount(caseId);
        uint256 jurors = r.jurors.length;
        // counts[k * 5 + finding]: revealed votes for each finding of claim k.
        uint256[] memory counts = new uint256[](claims * 5);
        for (uint256 j = 0; j < jurors; j++) {
            Vote storage v = _votes[caseId][c.round][r.jurors[j]];
            if (!v.revealed) continue;
            for (uint256 k = 0; k < claims; k++) counts[k * 5 + ((v.findings >> (8 * k)) & 0xff)]++;
        }
        uint256 ruling = 0;
        uint256[] memory top = new uint256[](claims);
        for (uint256 k = 0; k < claims; k++) {
            (uint8 finding, uint256 most) = _plurality(counts, k);
            top[k] = most;
            ruling |= uint256(finding) << (8 * k);
        }
        _ruling[caseId] = ruling;
        c.winner = _winnerOf(ruling, claims);
        emit RoundTallied(caseId, c.round, _unpack(ruling, claims), c.winner);
        _payJurors(caseId, c, r, counts, top);
    }

    function _plurality(uint256[] memory counts, uint256 k) private pure returns (uint8 finding, uint256 most) {
        bool tie = false;
        for (uint8 option = VERIFIED; option <= UNRESOLVED; option++) {
            uint256 n = counts[k * 5 + option];
            if (n > most) {
                most = n;
                finding = option;
                tie = false;
            } else if (n == most && n > 0) {
                tie = true;
            }
        }
        if (most == 0 || tie) finding = UNRESOLVED;
    }

    /// @dev A revealed juror is coherent on a claim when their finding is the outcome or one of the findings tied
    /// for most votes; the round's fee is split equally per coherent (juror, claim) pair, the indivisible
    /// remainder goes to the burn pool. With no coherent pair (nobody revealed) the fee goes back to its payer.
    function _payJurors(uint256 caseId, Case storage c, Round storage r, uint256[] memory counts, uint256[] memory top)
        private
    {
        uint256 claims = top.length;
        uint256 jurors = r.jurors.length;
        uint256[] memory coherent = new uint256[](jurors);
        uint256 pairs = 0;
        for (uint256 j = 0; j < jurors; j++) {
            Vote storage v = _votes[caseId][c.round][r.jurors[j]];
            if (!v.revealed) {
                _slash(caseId, c.round, r.jurors[j]);
                continue;
            }
            for (uint256 k = 0; k < claims; k++) {
                uint256 finding = (v.findings >> (8 * k)) & 0xff;
                if (finding == ((_ruling[caseId] >> (8 * k)) & 0xff) || counts[k * 5 + finding] == top[k]) coherent[j]++;
            }
            pairs += coherent[j];
        }
        if (pairs == 0) {
            if (c.round == 0) {
                balanceOf[c.challenger] += r.fee;
                // Already given back: a later win by default must not refund it a second time.
                c.challengerFee = 0;
            } else {
                _appeals[caseId][c.round - 1].rewardPool += r.fee;
            }
            emit FeeReturned(caseId, c.round, r.fee);
            return;
        }
        uint256 unit = r.fee / pairs;
        for (uint256 j = 0; j < jurors; j++) {
            if (coherent[j] == 0) continue;
            balanceOf[r.jurors[j]] += unit * coherent[j];
            emit JurorRewarded(caseId, c.round, r.jurors[j], unit * coherent[j]);
        }
        _pay(burnPool, r.fee - unit * pairs);
    }

    function _slash(uint256 caseId, uint8 round, address juror) private {
        uint256 amount = (roleRegistry.bondOf(juror) * NON_REVEAL_SLASH_BPS) / 10_000;
        uint256 slashed = roleRegistry.slash(juror, amount);
        emit JurorSlashed(caseId, round, juror, slashed);
    }

    function _winnerOf(uint256 ruling, uint256 claims) private pure returns (uint8) {
        for (uint256 k = 0; k < claims; k++) {
            uint256 finding = (ruling >> (8 * k)) & 0xff;
            if (finding == MISLEADING || finding == FRAUDULENT) return CHALLENGER;
        }
        return OUTLET;
    }

    // ---------------------------------------------------------------- appeals

    /// @notice Whether the case can go to another round: fewer than MAX_ROUNDS so far and enough jurors in the pool.
    function appealPossible(uint256 caseId) public view returns (bool) {
        Case storage c = _cases[caseId];
        return c.round + 1 < MAX_ROUNDS && jurorsInRound(c.round + 1) <= c.poolSize;
    }

    /// @notice What a side must raise in the current appeal period: the losing side 2×, the winning side 1× the
    /// next round's arbitration cost (0 when no appeal is possible).
    function appealCost(uint256 caseId, uint8 side) public view returns (uint256) {
        Case storage c = _case(caseId);
        if (side != CHALLENGER && side != OUTLET) revert InvalidSide();
        if (!appealPossible(caseId)) return 0;
        uint256 next = jurorsInRound(c.round + 1) * c.config.feePerJuror;
        return side == c.winner ? next : 2 * next;
    }

    /// @notice Until when a side may fund the current appeal (0 outside an appeal period): the losing side in
    /// the first half of the period, the winning side until its end. Were the loser's funding open to the last
    /// block, a loser funding then would win by default (and be refunded) with no time left for the winner to answer.
    function appealFundingEndsAt(uint256 caseId, uint8 side) public view returns (uint64) {
        Case storage c = _case(caseId);
        if (side != CHALLENGER && side != OUTLET) revert InvalidSide();
        if (c.period != Period.Appeal) return 0;
        if (side == c.winner) return periodEndsAt(caseId);
        return c.periodStart + c.config.appealSeconds / 2;
    }

    /// @notice Anyone funds a side of the appeal; what exceeds the side's remaining need is credited back.
    /// When both sides are fully funded the next round starts at once. The losing side is funded only in the
    /// first half of the period (`appealFundingEndsAt`).
    function fundAppeal(uint256 caseId, uint8 side) external payable {
        Case storage c = _case(caseId);
        _inPeriod(caseId, c, Period.Appeal);
        uint256 required = appealCost(caseId, side);
        if (side != c.winner) {
            uint64 closes = appealFundingEndsAt(caseId, side);
            if (block.timestamp >= closes) revert LoserFundingClosed(closes);
        }
        Appeal storage a = _appeals[caseId][c.round];
        if (a.paid[side] >= required) revert SideFunded();
        if (msg.value == 0) revert ZeroAmount();
        uint256 remaining = required - a.paid[side];
        uint256 take = msg.value < remaining ? msg.value : remaining;
        a.paid[side] += take;
        _contributions[caseId][c.round][msg.sender][side] += take;
        if (msg.value > take) balanceOf[msg.sender] += msg.value - take;
        emit AppealFunded(caseId, c.round, side, msg.sender, take, a.paid[side], required);
        uint8 other = side == CHALLENGER ? OUTLET : CHALLENGER;
        if (a.paid[side] == required && a.paid[other] >= appealCost(caseId, other)) _newRound(caseId, c, a);
    }

    function _newRound(uint256 caseId, Case storage c, Appeal storage a) private {
        uint256 jurors = jurorsInRound(c.round + 1);
        uint256 fee = jurors * c.config.feePerJuror;
        a.created = true;
        a.rewardPool = a.paid[CHALLENGER] + a.paid[OUTLET] - fee;
        c.round++;
        _rounds[caseId][c.round].fee = fee;
        emit AppealRoundCreated(caseId, c.round, jurors, fee);
        _scheduleDraw(caseId, c);
        _enter(caseId, c, Period.Evidence);
    }

    /// @dev End of an appeal period without a new round: a side that alone is fully funded wins; the losing
    /// side winning by default turns the ruling its way with the mildest finding (challenger: verified and
    /// unresolved claims become misleading; outlet: misleading and fraudulent claims become unresolved).
    function _closeAppeal(uint256 caseId, Case storage c) private {
        Appeal storage a = _appeals[caseId][c.round];
        uint8 loser = c.winner == CHALLENGER ? OUTLET : CHALLENGER;
        bool loserFunded = a.paid[loser] >= appealCost(caseId, loser);
        bool winnerFunded = a.paid[c.winner] >= appealCost(caseId, c.winner);
        if (loserFunded && !winnerFunded) {
            uint256 claims = claimCount(caseId);
            uint256 ruling = _ruling[caseId];
            uint256 flipped = 0;
            for (uint256 k = 0; k < claims; k++) {
                uint256 finding = (ruling >> (8 * k)) & 0xff;
                if (loser == CHALLENGER && (finding == VERIFIED || finding == UNRESOLVED)) finding = MISLEADING;
                if (loser == OUTLET && (finding == MISLEADING || finding == FRAUDULENT)) finding = UNRESOLVED;
                flipped |= finding << (8 * k);
            }
            _ruling[caseId] = flipped;
            c.winner = loser;
            c.byDefault = true;
        }
        _finalize(caseId, c);
    }

    /// @notice After the case is final, a contributor's share of an appeal: the whole contribution back when
    /// that appeal did not start a round; otherwise, for contributors of the side that finally prevailed, their
    /// share of what the appeal raised beyond the round's cost (proportional to their contribution).
    function withdrawContribution(uint256 caseId, uint8 round, address contributor) external {
        Case storage c = _case(caseId);
        if (c.period != Period.Final) revert NotFinal();
        Appeal storage a = _appeals[caseId][round];
        uint256[3] storage given = _contributions[caseId][round][contributor];
        uint256 amount;
        if (a.created) amount = (given[c.winner] * a.rewardPool) / a.paid[c.winner];
        else amount = given[CHALLENGER] + given[OUTLET];
        given[CHALLENGER] = 0;
        given[OUTLET] = 0;
        if (amount == 0) revert NothingToWithdraw();
        emit ContributionWithdrawn(caseId, round, contributor, amount);
        _pay(payable(contributor), amount);
    }

    // ---------------------------------------------------------------- final

    function _finalize(uint256 caseId, Case storage c) private {
        c.period = Period.Final;
        c.periodStart = uint64(block.timestamp);
        openCaseOf[c.capsuleId] = 0;
        _caseBlocks[caseId].ended = uint64(block.number);
        emit PeriodChanged(caseId, c.round, Period.Final, c.periodStart, 0);
        if (c.winner == CHALLENGER) {
            uint256 refund = roleRegistry.seize(c.author, c.challengerFee);
            balanceOf[c.challenger] += refund;
            emit ChallengerRefunded(caseId, c.challenger, refund);
        }
        uint256 claims = claimCount(caseId);
        emit CaseFinal(caseId, c.round, _unpack(_ruling[caseId], claims), articleFinding(caseId), c.winner, c.byDefault);
    }

    /// @notice The article's finding from its claims' findings: fraudulent if any claim is, else misleading if any
    /// claim is, else verified if every claim is, else unresolved.
    function articleFinding(uint256 caseId) public view returns (uint8) {
        uint256 claims = claimCount(caseId);
        uint256 ruling = _ruling[caseId];
        bool anyMisleading = false;
        bool allVerified = true;
        for (uint256 k = 0; k < claims; k++) {
            uint256 finding = (ruling >> (8 * k)) & 0xff;
            if (finding == FRAUDULENT) return FRAUDULENT;
            if (finding == MISLEADING) anyMisleading = true;
            if (finding != VERIFIED) allVerified = false;
        }
        if (anyMisleading) return MISLEADING;
        return allVerified ? VERIFIED : UNRESOLVED;
    }

    /// @notice Pays out the caller's juror fees, refunds and excess appeal payments.
    function withdraw() external {
        uint256 amount = balanceOf[msg.sender];
        if (amount == 0) revert NothingToWithdraw();
        balanceOf[msg.sender] = 0;
        emit Withdrawn(msg.sender, amount);
        _pay(payable(msg.sender), amount);
    }

    function _pay(address payable to, uint256 amount) private {
        if (amount == 0) return;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
    }

    // ---------------------------------------------------------------- views

    function _case(uint256 caseId) private view returns (Case storage c) {
        c = _cases[caseId];
        if (c.period == Period.None) revert UnknownCase();
    }

    function _unpack(uint256 packed, uint256 claims) private pure returns (uint8[] memory findings) {
        findings = new uint8[](claims);
        for (uint256 k = 0; k < claims; k++) findings[k] = uint8((packed >> (8 * k)) & 0xff);
    }

    /// @notice The number of findings a juror gives: one per disputed claim, or one for the article as a whole.
    function claimCount(uint256 caseId) public view returns (uint256) {
        uint256 n = _claims[caseId].length;
        return n == 0 ? 1 : n;
    }

    /// @notice The cases opened on `capsuleId`, oldest first, with the blocks of their CaseOpened and CaseFinal logs
    /// (finalIn 0 while a case runs).
    function casesOf(uint256 capsuleId)
        external
        view
        returns (uint256[] memory caseIds, uint64[] memory openedIn, uint64[] memory finalIn)
    {
        caseIds = _casesOfCapsule[capsuleId];
        openedIn = new uint64[](caseIds.length);
        finalIn = new uint64[](caseIds.length);
        for (uint256 i = 0; i < caseIds.length; i++) {
            CaseBlocks storage b = _caseBlocks[caseIds[i]];
            openedIn[i] = b.opened;
            finalIn[i] = b.ended;
        }
    }

    function getCase(uint256 caseId) external view returns (Case memory) {
        return _case(caseId);
    }

    function claimsOf(uint256 caseId) external view returns (bytes32[] memory) {
        return _claims[caseId];
    }

    /// @notice The current ruling (the latest round's outcome, or the final one).
    function rulingOf(uint256 caseId) external view returns (uint8[] memory) {
        return _unpack(_ruling[caseId], claimCount(caseId));
    }

    function roundOf(uint256 caseId, uint256 round)
        external
        view
        returns (address[] memory jurors, uint256 fee, uint16 committed, uint16 revealed)
    {
        Round storage r = _rounds[caseId][round];
        return (r.jurors, r.fee, r.committed, r.revealed);
    }

    function voteOf(uint256 caseId, uint256 round, address juror)
        external
        view
        returns (bool drawn, bool committed, bool revealed, uint8[] memory findings)
    {
        Vote storage v = _votes[caseId][round][juror];
        return (v.drawn, v.commitment != bytes32(0), v.revealed, v.revealed ? _unpack(v.findings, claimCount(caseId)) : new uint8[](0));
    }

    function appealOf(uint256 caseId, uint256 round)
        external
        view
        returns (uint256 challengerPaid, uint256 outletPaid, uint256 rewardPool, bool created)
    {
        Appeal storage a = _appeals[caseId][round];
        return (a.paid[CHALLENGER], a.paid[OUTLET], a.rewardPool, a.created);
    }

    function contributionOf(uint256 caseId, uint256 round, address contributor)
        external
        view
        returns (uint256 challengerSide, uint256 outletSide)
    {
        uint256[3] storage given = _contributions[caseId][round][contributor];
        return (given[CHALLENGER], given[OUTLET]);
    }
}
