// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC1155Receiver {
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4);
    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        returns (bytes4);
}

/// @title PorticoMultiToken
/// @notice A small ERC-1155 for the Portico devnet (NFTs tab, gateway indexer).
///         Metadata lives on chain: `uri(id)` returns the JSON set for the id (a data: URI on the
///         devnet; tests may set any URI, `{id}` included). The constructor mints `amounts[k]` of
///         id k+1 to every holder, one TransferBatch per holder.
contract PorticoMultiToken {
    string public name;
    string public symbol;
    address public immutable minter;

    mapping(uint256 => string) private uris;
    mapping(uint256 => mapping(address => uint256)) private balances;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(
        address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values
    );
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    error NotAllowed(address caller);
    error InsufficientBalance(address from, uint256 id);
    error ZeroAddress();
    error LengthMismatch();
    error Rejected(address to);

    constructor(
        string memory n,
        string memory s,
        string[] memory tokenUris,
        address[] memory holders,
        uint256[] memory amounts
    ) {
        if (tokenUris.length != amounts.length) revert LengthMismatch();
        name = n;
        symbol = s;
        minter = msg.sender;
        uint256[] memory ids = new uint256[](amounts.length);
        for (uint256 k = 0; k < amounts.length; k++) {
            ids[k] = k + 1;
            uris[k + 1] = tokenUris[k];
        }
        for (uint256 i = 0; i < holders.length; i++) {
            for (uint256 k = 0; k < amounts.length; k++) {
                balances[k + 1][holders[i]] += amounts[k];
            }
            emit TransferBatch(msg.sender, address(0), holders[i], ids, amounts);
        }
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-1155, ERC-1155 Metadata URI
        return id == 0x01ffc9a7 || id == 0xd9b67a26 || id == 0x0e89341c;
    }

    function uri(uint256 id) external view returns (string memory) {
        return uris[id];
    }

    /// @notice The minter sets an id's metadata URI (tests point it at their own hosts).
    function setURI(uint256 id, string calldata value) external {
        if (msg.sender != minter) revert NotAllowed(msg.sender);
        uris[id] = value;
        emit URI(value, id);
    }

    /// @notice The minter mints more of an id (tests of single mints).
    function mint(address to, uint256 id, uint256 amount) external {
        if (msg.sender != minter) revert NotAllowed(msg.sender);
        if (to == address(0)) revert ZeroAddress();
        balances[id][to] += amount;
        emit TransferSingle(msg.sender, address(0), to, id, amount);
    }

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids)
        external
        view
        returns (uint256[] memory out)
    {
        if (accounts.length != ids.length) revert LengthMismatch();
        out = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) {
            out[i] = balances[ids[i]][accounts[i]];
        }
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes calldata data) external {
        _check(from, to);
        _move(from, to, id, amount);
        emit TransferSingle(msg.sender, from, to, id, amount);
        if (to.code.length > 0) {
            if (
                IERC1155Receiver(to).onERC1155Received(msg.sender, from, id, amount, data)
                    != IERC1155Receiver.onERC1155Received.selector
            ) revert Rejected(to);
        }
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata amounts,
        bytes calldata data
    ) external {
        if (ids.length != amounts.length) revert LengthMismatch();
        _check(from, to);
        for (uint256 i = 0; i < ids.length; i++) {
            _move(from, to, ids[i], amounts[i]);
        }
        emit TransferBatch(msg.sender, from, to, ids, amounts);
        if (to.code.length > 0) {
            if (
                IERC1155Receiver(to).onERC1155BatchReceived(msg.sender, from, ids, amounts, data)
                    != IERC1155Receiver.onERC1155BatchReceived.selector
            ) revert Rejected(to);
        }
    }

    function _check(address from, address to) private view {
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != from && !isApprovedForAll[from][msg.sender]) revert NotAllowed(msg.sender);
    }

    function _move(address from, address to, uint256 id, uint256 amount) private {
        if (balances[id][from] < amount) revert InsufficientBalance(from, id);
        balances[id][from] -= amount;
        balances[id][to] += amount;
    }
}
