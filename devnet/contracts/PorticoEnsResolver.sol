// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoEnsResolver
/// @notice A tiny stand-in for the ENS Universal Resolver, for tests only (not
/// deployed by the default fixtures). It answers the two calls viem 2.x makes:
/// `reverseWithGateways` (getEnsName) and `resolveWithGateways` with a
/// `text(bytes32,string)` query (getEnsText / getEnsAvatar). Primary names and
/// text records are set by the deployer; there is no registry, no forward
/// verification and no CCIP-read. An address without a primary name gets "",
/// which viem reports as null.
contract PorticoEnsResolver {
    error UnsupportedResolverProfile(bytes4 selector);
    error ResolverNotFound(bytes name);

    address public immutable owner;
    mapping(address => string) public primaryName;
    mapping(bytes32 => mapping(string => string)) public textRecord;

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

    /// @notice Primary name of the 20-byte address in `reverseName` (coin type 60 only).
    function reverseWithGateways(bytes calldata reverseName, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        if (reverseName.length != 20 || coinType != 60) revert ResolverNotFound(reverseName);
        return (primaryName[address(bytes20(reverseName))], address(this), address(this));
    }

    /// @notice Answers `text(node, key)` queries for any DNS-encoded name.
    function resolveWithGateways(bytes calldata, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        bytes4 selector = bytes4(data[:4]);
        if (selector != 0x59d1d43c) revert UnsupportedResolverProfile(selector);
        (bytes32 node, string memory key) = abi.decode(data[4:], (bytes32, string));
        return (abi.encode(textRecord[node][key]), address(this));
    }
}
