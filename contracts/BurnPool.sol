// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Collects the burn share of every fee and slashed bonds; anyone may trigger the scheduled burn.
contract BurnPool {
    address public constant BURN_ADDRESS = 0x000000000000000000000000000000000000dEaD;

    uint256 public immutable burnInterval;
    uint256 public nextBurnAt;
    uint256 public lastBurnAt;
    uint256 public lastBurnAmount;
    uint256 public totalBurned;

    event Received(address indexed from, uint256 amount);
    event Burned(uint256 amount, uint256 at, uint256 nextBurnAt);

    error ZeroInterval();
    error BurnNotDue(uint256 nextBurnAt);
    error TransferFailed();

    constructor(uint256 burnInterval_) {
        if (burnInterval_ == 0) revert ZeroInterval();
        burnInterval = burnInterval_;
        nextBurnAt = block.timestamp + burnInterval_;
    }

    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    function poolSize() external view returns (uint256) {
        return address(this).balance;
    }

    function burn() external {
        if (block.timestamp < nextBurnAt) revert BurnNotDue(nextBurnAt);
        uint256 amount = address(this).balance;
        uint256 next = block.timestamp + burnInterval;
        nextBurnAt = next;
        lastBurnAt = block.timestamp;
        lastBurnAmount = amount;
        totalBurned += amount;
        (bool ok,) = BURN_ADDRESS.call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit Burned(amount, block.timestamp, next);
    }
}
