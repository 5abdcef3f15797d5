// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An EIP-7702 delegate for the dev wallets' EIP-5792 batches: an EOA that
/// delegates to this code sends one transaction to itself calling
/// `executeBatch`, and every call runs from the EOA's own address, all or
/// none (a failing call reverts the whole batch with its own revert data).
/// Only the account itself may call it, so nobody else can spend from a
/// delegated EOA.
contract PorticoBatchExecutor {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    error OnlySelf();

    function executeBatch(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert OnlySelf();
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory result) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }

    receive() external payable {}
}
