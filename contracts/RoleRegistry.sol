// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";

/// @notice Role bonds and per-outlet voter eligibility. The bridge (operator) locks bonds for held roles.
contract RoleRegistry is Operated {
    address payable public immutable burnPool;
    address public court;

    mapping(address => uint256) public bondOf;
    mapping(address => uint256) public lockedOf;
    mapping(bytes32 => mapping(address => bool)) private _voters;

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
        bondOf[msg.sender] = total;
        emit BondDeposited(msg.sender, msg.value, total);
    }

    function withdraw(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        uint256 bond = bondOf[msg.sender];
        uint256 locked = lockedOf[msg.sender];
        uint256 unlocked = bond > locked ? bond - locked : 0;
        if (amount > unlocked) revert InsufficientUnlockedBond(unlocked);
        uint256 total = bond - amount;
        bondOf[msg.sender] = total;
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
        _voters[outletKey][wallet] = allowed;
        emit VoterSet(outletKey, wallet, allowed);
    }

    function isVoter(bytes32 outletKey, address wallet) external view returns (bool) {
        return _voters[outletKey][wallet];
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
        bondOf[wallet] = bond - slashed;
        if (slashed > 0) {
            (bool ok,) = burnPool.call{value: slashed}("");
            if (!ok) revert TransferFailed();
        }
        emit BondSlashed(wallet, slashed);
    }
}
