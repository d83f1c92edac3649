// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @notice Role bonds and per-outlet voter eligibility. The bridge (operator) locks bonds for held roles.
/// Bonds, voter flags and each outlet's voting weight (the sum of its voters' bonds) are checkpointed
/// per block, so a vote can weigh everyone as of the block before its window opened.
/// The jury court draws from the same checkpoints: every wallet that was ever a voter (an Editor) is in the
/// juror pool, and `jurorPoolAt` weighs each by its bond at a case's snapshot block, leaving out anyone who
/// was a voter or a member (any role) at the case's outlet then.
contract RoleRegistry is Operated {
    using Checkpoints for Checkpoints.Trace208;

    address payable public immutable burnPool;
    address public court;

    mapping(address => uint256) public bondOf;
    mapping(address => uint256) public lockedOf;
    mapping(bytes32 => mapping(address => bool)) private _voters;

    mapping(address => Checkpoints.Trace208) private _bondHistory;
    mapping(bytes32 => mapping(address => Checkpoints.Trace208)) private _voterHistory;
    mapping(bytes32 => Checkpoints.Trace208) private _outletWeightHistory;
    /// @dev The outlets where a wallet is currently a voter (whose weight follows its bond), and 1 + its index there.
    mapping(address => bytes32[]) private _voterOutlets;
    mapping(address => mapping(bytes32 => uint256)) private _voterOutletIndex;
    /// @dev How many outlets the wallet is a voter at, per block (> 0: an Editor somewhere).
    mapping(address => Checkpoints.Trace208) private _voterOutletCountHistory;
    /// @dev Any role at an outlet (set by the bridge for every role it grants), per block.
    mapping(bytes32 => mapping(address => bool)) private _members;
    mapping(bytes32 => mapping(address => Checkpoints.Trace208)) private _memberHistory;
    /// @dev Append-only: every wallet that was ever a voter somewhere. Eligibility is read from the checkpoints.
    address[] private _jurorPool;
    mapping(address => bool) private _inJurorPool;
    address public juryCourt;

    event BondDeposited(address indexed wallet, uint256 amount, uint256 total);
    event BondWithdrawn(address indexed wallet, uint256 amount, uint256 total);
    event BondLocked(address indexed wallet, uint256 amount);
    event BondSlashed(address indexed wallet, uint256 amount);
    event VoterSet(bytes32 indexed outletKey, address indexed wallet, bool allowed);
    event CourtSet(address indexed court);
    event MemberSet(bytes32 indexed outletKey, address indexed wallet, bool member);
    event JuryCourtSet(address indexed juryCourt);
    event BondSeized(address indexed wallet, address indexed to, uint256 amount);

    error ZeroAmount();
    error InsufficientUnlockedBond(uint256 unlocked);
    error NotCourt();
    error CourtAlreadySet();
    error NotJuryCourt();
    error JuryCourtAlreadySet();
    error TransferFailed();

    constructor(address payable burnPool_) {
        if (burnPool_ == address(0)) revert ZeroAddress();
        burnPool = burnPool_;
    }

    function deposit() external payable {
        if (msg.value == 0) revert ZeroAmount();
        uint256 total = bondOf[msg.sender] + msg.value;
        _setBond(msg.sender, total);
        emit BondDeposited(msg.sender, msg.value, total);
    }

    function withdraw(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        uint256 bond = bondOf[msg.sender];
        uint256 locked = lockedOf[msg.sender];
        uint256 unlocked = bond > locked ? bond - locked : 0;
        if (amount > unlocked) revert InsufficientUnlockedBond(unlocked);
        uint256 total = bond - amount;
        _setBond(msg.sender, total);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit BondWithdrawn(msg.sender, amount, total);
    }

    /// @notice Locks the largest bond requirement among the wallet's roles (0 when it holds none).
    function setLocked(address wallet, uint256 amount) external onlyOperator {
        lockedOf[wallet] = amount;
        emit BondLocked(wallet, amount);
    }

    /// @param outletKey keccak256(bytes(outletSlug))
    function setVoter(bytes32 outletKey, address wallet, bool allowed) external onlyOperator {
        if (_voters[outletKey][wallet] != allowed) {
            _voters[outletKey][wallet] = allowed;
            _record(_voterHistory[outletKey][wallet], allowed ? 1 : 0);
            uint256 weight = _outletWeightHistory[outletKey].latest();
            uint256 bond = bondOf[wallet];
            if (allowed) {
                _voterOutlets[wallet].push(outletKey);
                _voterOutletIndex[wallet][outletKey] = _voterOutlets[wallet].length;
                _record(_outletWeightHistory[outletKey], weight + bond);
            } else {
                _removeVoterOutlet(wallet, outletKey);
                _record(_outletWeightHistory[outletKey], weight - bond);
            }
            _record(_voterOutletCountHistory[wallet], _voterOutlets[wallet].length);
            if (allowed && !_inJurorPool[wallet]) {
                _inJurorPool[wallet] = true;
                _jurorPool.push(wallet);
            }
        }
        emit VoterSet(outletKey, wallet, allowed);
    }

    /// @notice Records that the wallet holds (or no longer holds) any role at the outlet; jurors are never drawn
    /// from the outlet of the case.
    function setMember(bytes32 outletKey, address wallet, bool member) external onlyOperator {
        if (_members[outletKey][wallet] != member) {
            _members[outletKey][wallet] = member;
            _record(_memberHistory[outletKey][wallet], member ? 1 : 0);
        }
        emit MemberSet(outletKey, wallet, member);
    }

    function isMember(bytes32 outletKey, address wallet) external view returns (bool) {
        return _members[outletKey][wallet];
    }

    function isMemberAt(bytes32 outletKey, address wallet, uint256 blockNumber) external view returns (bool) {
        return _memberHistory[outletKey][wallet].upperLookupRecent(SafeCast.toUint48(blockNumber)) == 1;
    }

    function jurorPoolLength() external view returns (uint256) {
        return _jurorPool.length;
    }

    /// @notice The possible jurors for a case at `excludedOutletKey` as of `blockNumber`: wallets that were then
    /// a voter at some outlet, with a bond, and neither a voter nor a member at the excluded outlet; each weighed
    /// by its bond then. O(pool size): the pool is the network's Editors, hundreds at most.
    function jurorPoolAt(bytes32 excludedOutletKey, uint256 blockNumber)
        external
        view
        returns (address[] memory wallets, uint256[] memory weights)
    {
        uint48 at = SafeCast.toUint48(blockNumber);
        uint256 size = _jurorPool.length;
        wallets = new address[](size);
        weights = new uint256[](size);
        uint256 n = 0;
        for (uint256 i = 0; i < size; i++) {
            address wallet = _jurorPool[i];
            if (_voterOutletCountHistory[wallet].upperLookupRecent(at) == 0) continue;
            if (_voterHistory[excludedOutletKey][wallet].upperLookupRecent(at) == 1) continue;
            if (_memberHistory[excludedOutletKey][wallet].upperLookupRecent(at) == 1) continue;
            uint256 bond = _bondHistory[wallet].upperLookupRecent(at);
            if (bond == 0) continue;
            wallets[n] = wallet;
            weights[n] = bond;
            n++;
        }
        assembly {
            mstore(wallets, n)
            mstore(weights, n)
        }
    }

    function isVoter(bytes32 outletKey, address wallet) external view returns (bool) {
        return _voters[outletKey][wallet];
    }

    /// @notice The wallet's bond at the end of `blockNumber`.
    function bondAt(address wallet, uint256 blockNumber) external view returns (uint256) {
        return _bondHistory[wallet].upperLookupRecent(SafeCast.toUint48(blockNumber));
    }

    /// @notice Whether the wallet was a voter of the outlet at the end of `blockNumber`.
    function isVoterAt(bytes32 outletKey, address wallet, uint256 blockNumber) external view returns (bool) {
        return _voterHistory[outletKey][wallet].upperLookupRecent(SafeCast.toUint48(blockNumber)) == 1;
    }

    /// @notice The sum of the bonds of the outlet's voters at the end of `blockNumber`.
    function outletWeightAt(bytes32 outletKey, uint256 blockNumber) external view returns (uint256) {
        return _outletWeightHistory[outletKey].upperLookupRecent(SafeCast.toUint48(blockNumber));
    }

    /// @notice The sum of the bonds of the outlet's current voters.
    function outletWeight(bytes32 outletKey) external view returns (uint256) {
        return _outletWeightHistory[outletKey].latest();
    }

    /// @dev Every bond change goes through here: the bond's checkpoint and the weight of each outlet it votes in.
    function _setBond(address wallet, uint256 total) private {
        uint256 previous = bondOf[wallet];
        bondOf[wallet] = total;
        _record(_bondHistory[wallet], total);
        bytes32[] storage outlets = _voterOutlets[wallet];
        for (uint256 i = 0; i < outlets.length; i++) {
            Checkpoints.Trace208 storage weight = _outletWeightHistory[outlets[i]];
            _record(weight, weight.latest() + total - previous);
        }
    }

    /// @dev A checkpoint as of this block (a second write in the same block replaces it).
    function _record(Checkpoints.Trace208 storage history, uint256 value) private {
        history.push(SafeCast.toUint48(block.number), SafeCast.toUint208(value));
    }

    function _removeVoterOutlet(address wallet, bytes32 outletKey) private {
        bytes32[] storage outlets = _voterOutlets[wallet];
        uint256 index = _voterOutletIndex[wallet][outletKey] - 1;
        bytes32 last = outlets[outlets.length - 1];
        outlets[index] = last;
        _voterOutletIndex[wallet][last] = index + 1;
        outlets.pop();
        delete _voterOutletIndex[wallet][outletKey];
    }

    function setCourt(address court_) external onlyOperator {
        if (court != address(0)) revert CourtAlreadySet();
        if (court_ == address(0)) revert ZeroAddress();
        court = court_;
        emit CourtSet(court_);
    }

    function setJuryCourt(address juryCourt_) external onlyOperator {
        if (juryCourt != address(0)) revert JuryCourtAlreadySet();
        if (juryCourt_ == address(0)) revert ZeroAddress();
        juryCourt = juryCourt_;
        emit JuryCourtSet(juryCourt_);
    }

    /// @notice The jury court takes up to `amount` of the wallet's bond for itself (a challenger's refund).
    /// @return seized the amount actually taken (capped at the bond).
    function seize(address wallet, uint256 amount) external returns (uint256 seized) {
        if (msg.sender != juryCourt) revert NotJuryCourt();
        uint256 bond = bondOf[wallet];
        seized = amount > bond ? bond : amount;
        _setBond(wallet, bond - seized);
        if (seized > 0) {
            (bool ok,) = payable(msg.sender).call{value: seized}("");
            if (!ok) revert TransferFailed();
        }
        emit BondSeized(wallet, msg.sender, seized);
    }

    /// @notice Moves up to `amount` of the wallet's bond into the burn pool (either court may).
    /// @return slashed the amount actually taken (capped at the bond).
    function slash(address wallet, uint256 amount) external returns (uint256 slashed) {
        if (msg.sender != court && msg.sender != juryCourt) revert NotCourt();
        uint256 bond = bondOf[wallet];
        slashed = amount > bond ? bond : amount;
        _setBond(wallet, bond - slashed);
        if (slashed > 0) {
            (bool ok,) = burnPool.call{value: slashed}("");
            if (!ok) revert TransferFailed();
        }
        emit BondSlashed(wallet, slashed);
    }
}
