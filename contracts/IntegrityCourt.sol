// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";

interface IRoleRegistrySlash {
    function slash(address wallet, uint256 amount) external returns (uint256);
}

/// @notice Penalty path of court verdicts: slashes the outlet's bond into the burn pool and logs the verdict.
contract IntegrityCourt is Operated {
    IRoleRegistrySlash public immutable roleRegistry;
    mapping(uint256 => bool) public penaltyApplied;

    event PenaltyApplied(
        uint256 indexed caseId, string outletSlug, address indexed outletWallet, string verdict, uint256 amount
    );

    error PenaltyAlreadyApplied(uint256 caseId);

    constructor(address roleRegistry_) {
        if (roleRegistry_ == address(0)) revert ZeroAddress();
        roleRegistry = IRoleRegistrySlash(roleRegistry_);
    }

    /// @notice One penalty per case. `amount` is capped at the wallet's bond; the event carries what was taken.
    function applyPenalty(
        string calldata outletSlug,
        address outletWallet,
        uint256 caseId,
        string calldata verdict,
        uint256 amount
    ) external onlyOperator returns (uint256 slashed) {
        if (penaltyApplied[caseId]) revert PenaltyAlreadyApplied(caseId);
        penaltyApplied[caseId] = true;
        slashed = roleRegistry.slash(outletWallet, amount);
        emit PenaltyApplied(caseId, outletSlug, outletWallet, verdict, slashed);
    }
}
