// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ENSIP-1 `addr(bytes32)`: the resolver profile forward resolution asks.
interface IAddrResolver {
    function addr(bytes32 node) external view returns (address payable);
}

/// @title PorticoEnsResolver
/// @notice A tiny stand-in for the ENS Universal Resolver, for tests and the
/// local world only. It answers the calls viem 2.x makes:
/// `reverseWithGateways` (getEnsName) and `resolveWithGateways` with a
/// `text(bytes32,string)` query (getEnsText / getEnsAvatar) or an
/// `addr(bytes32)` query (getEnsAddress). Forward resolution goes the ENS way:
/// the node is the ENSIP-1 namehash of the DNS-encoded name, its resolver
/// comes from this contract's registry table (`resolver(node)`), and the
/// query is passed to that resolver; this contract is also a resolver with
/// `addr(bytes32)` records. A resolver that reverts surfaces as
/// `ResolverError`, a resolver without code as `ResolverNotContract`, a node
/// without a resolver as `ResolverNotFound` (the Universal Resolver's errors).
/// Records are set by the deployer; there is no wildcard lookup, no forward
/// verification of primary names and no CCIP-read.
contract PorticoEnsResolver is IAddrResolver {
    error UnsupportedResolverProfile(bytes4 selector);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);

    address public immutable owner;
    mapping(address => string) public primaryName;
    mapping(bytes32 => mapping(string => string)) public textRecord;
    /// @notice The registry table: node → resolver contract.
    mapping(bytes32 => address) public resolver;
    /// @notice This contract's own `addr(bytes32)` records.
    mapping(bytes32 => address) public addrRecord;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function setName(address account, string calldata name) external onlyOwner {
        primaryName[account] = name;
    }

    function setText(bytes32 node, string calldata key, string calldata value) external onlyOwner {
        textRecord[node][key] = value;
    }

    /// @notice Sets the resolver of `node` in the registry table.
    function setResolver(bytes32 node, address target) external onlyOwner {
        resolver[node] = target;
    }

    /// @notice Sets `addr(node)` in this contract and makes this contract the node's resolver.
    function setAddr(bytes32 node, address target) external onlyOwner {
        addrRecord[node] = target;
        resolver[node] = address(this);
    }

    function addr(bytes32 node) external view returns (address payable) {
        return payable(addrRecord[node]);
    }

    /// @notice Primary name of the 20-byte address in `reverseName` (coin type 60 only).
    function reverseWithGateways(bytes calldata reverseName, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        if (reverseName.length != 20 || coinType != 60) revert ResolverNotFound(reverseName);
        return (primaryName[address(bytes20(reverseName))], address(this), address(this));
    }

    /// @notice Answers `text(node, key)` from this contract, and `addr(node)` through the node's resolver.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        bytes4 selector = bytes4(data[:4]);
        if (selector == 0x59d1d43c) {
            (bytes32 textNode, string memory key) = abi.decode(data[4:], (bytes32, string));
            return (abi.encode(textRecord[textNode][key]), address(this));
        }
        if (selector != 0x3b3b57de) revert UnsupportedResolverProfile(selector);
        bytes32 node = namehash(name, 0);
        address target = resolver[node];
        if (target == address(0)) revert ResolverNotFound(name);
        if (target.code.length == 0) revert ResolverNotContract(name, target);
        // The query is asked for the node of the name, whatever node the caller put in it.
        (bool ok, bytes memory answer) = target.staticcall(abi.encodeWithSelector(selector, node));
        if (!ok) revert ResolverError(answer);
        return (answer, target);
    }

    /// @notice ENSIP-1 namehash of the DNS-encoded name starting at `offset`.
    function namehash(bytes calldata name, uint256 offset) internal pure returns (bytes32) {
        if (offset >= name.length) revert ResolverNotFound(name);
        uint256 size = uint8(name[offset]);
        if (size == 0) return bytes32(0);
        if (offset + 1 + size > name.length) revert ResolverNotFound(name);
        bytes32 parent = namehash(name, offset + 1 + size);
        return keccak256(abi.encodePacked(parent, keccak256(name[offset + 1:offset + 1 + size])));
    }
}
