// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Values keyed by the block they were written in; `at` answers the value a past block ended with.
library Checkpoints {
    struct Checkpoint {
        uint64 blockNumber;
        uint192 value;
    }

    struct History {
        Checkpoint[] items;
    }

    error CheckpointValueTooLarge();

    /// @notice Records `value` as of the current block (a second write in the same block overwrites it).
    function push(History storage h, uint256 value) internal {
        if (value > type(uint192).max) revert CheckpointValueTooLarge();
        uint256 n = h.items.length;
        if (n > 0 && h.items[n - 1].blockNumber == block.number) {
            h.items[n - 1].value = uint192(value);
        } else {
            h.items.push(Checkpoint(uint64(block.number), uint192(value)));
        }
    }

    function latest(History storage h) internal view returns (uint256) {
        uint256 n = h.items.length;
        return n == 0 ? 0 : h.items[n - 1].value;
    }

    /// @notice The value at the end of `blockNumber`: the last checkpoint written at or before it (0 if none).
    function at(History storage h, uint256 blockNumber) internal view returns (uint256) {
        uint256 low = 0;
        uint256 high = h.items.length;
        while (low < high) {
            uint256 mid = (low + high) / 2;
            if (h.items[mid].blockNumber > blockNumber) high = mid;
            else low = mid + 1;
        }
        return high == 0 ? 0 : h.items[high - 1].value;
    }
}
