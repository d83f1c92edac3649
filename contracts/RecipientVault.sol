// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";

/// @notice A named fee recipient (Validators, Media validators, Integrity treasury, Vault operators, Foundation).
contract RecipientVault is Operated {
    string public name;

    event Received(address indexed from, uint256 amount);
    event Released(address indexed to, uint256 amount);

    error TransferFailed();

    constructor(string memory name_) {
        name = name_;
    }

    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    /// @notice The operator pays out of the vault (distribution to the group it stands for).
    function release(address payable to, uint256 amount) external onlyOperator {
        if (to == address(0)) revert ZeroAddress();
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit Released(to, amount);
    }
}
