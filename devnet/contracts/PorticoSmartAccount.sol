// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoSmartAccount
/// @notice The smallest useful smart account for the Portico devnet: one owner
///         key, ERC-1271 signature checks (the owner's EIP-191 signature over
///         the hash) and `execute` for the owner. Sign-in tests use it as a
///         deployed (ERC-1271) and a not-yet-deployed (ERC-6492) account.
contract PorticoSmartAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice ERC-1271: 0x1626ba7e when `signature` is the owner's 65-byte signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        // EIP-2: a high s is a malleable copy of another signature.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    /// @notice Calls `to` with `value` and `data`; only the owner may.
    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "not the owner");
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }
}

/// @title PorticoSmartAccountFactory
/// @notice Deploys PorticoSmartAccount with CREATE2, so an account's address is
///         known (`getAddress`) before it exists: the ERC-6492 case, where a
///         signature carries the factory call that would deploy the signer.
contract PorticoSmartAccountFactory {
    event AccountCreated(address indexed account, address indexed owner, bytes32 salt);

    /// @notice Deploys the account of `owner` and `salt`, or returns it when it exists already.
    function createAccount(address owner, bytes32 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        account = address(new PorticoSmartAccount{salt: salt}(owner));
        emit AccountCreated(account, owner, salt);
    }

    /// @notice The CREATE2 address the account of `owner` and `salt` has (deployed or not).
    function getAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(PorticoSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
