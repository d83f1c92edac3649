// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @notice Role bonds and per-outlet voter eligibility. The bridge (operator) locks bonds for held roles.
/// Bonds, voter flags and each outlet's voting weight (the sum of its voters' bonds) are checkpointed
/// per block, so a vote can weigh everyone as of the block before its window opened.
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

    event BondDeposited(address indexed wallet, uint256 amount, uint256 total);
    event BondWithdrawn(address indexed wallet, uint256 amount, uint256 total);
    event BondLocked(address indexed wallet, uint256 amount);
    event BondSlashed(address indexed wallet, uint256 amount);
    event VoterSet(bytes32 indexed outletKey, address indexed wallet, bool allowed);
    event CourtSet(address indexed court);

    error ZeroAmount();
    error InsufficientUnlockedBond(uint256 unlocked);
    error NotCourt();
    error CourtAlreadySet();
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
        }
        emit VoterSet(outletKey, wallet, allowed);
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

    /// @notice Moves up to `amount` of the wallet's bond into the burn pool.
    /// @return slashed the amount actually taken (capped at the bond).
    function slash(address wallet, uint256 amount) external returns (uint256 slashed) {
        if (msg.sender != court) revert NotCourt();
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
