// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoCollectible
/// @notice A small ERC-721 for the Portico devnet (NFT tab, gateway indexer).
///         The constructor mints `perHolder` tokens to each holder, ids from 1.
///         `tokenURI(id)` is `uri + id + suffix`.
contract PorticoCollectible {
    string public name;
    string public symbol;
    string private baseUri;
    string private uriSuffix;
    uint256 public totalSupply;

    mapping(uint256 => address) private owners;
    mapping(address => uint256) private balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NoSuchToken(uint256 tokenId);
    error NotAllowed(address caller, uint256 tokenId);
    error WrongOwner(address from, uint256 tokenId);
    error ZeroAddress();

    constructor(
        string memory n,
        string memory s,
        string memory uri,
        string memory suffix,
        address[] memory holders,
        uint256 perHolder
    ) {
        name = n;
        symbol = s;
        baseUri = uri;
        uriSuffix = suffix;
        for (uint256 i = 0; i < holders.length; i++) {
            for (uint256 j = 0; j < perHolder; j++) {
                uint256 id = ++totalSupply;
                owners[id] = holders[i];
                balances[holders[i]] += 1;
                emit Transfer(address(0), holders[i], id);
            }
        }
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-721, ERC-721 Metadata
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = owners[tokenId];
        if (owner == address(0)) revert NoSuchToken(tokenId);
    }

    function balanceOf(address owner) external view returns (uint256) {
        if (owner == address(0)) revert ZeroAddress();
        return balances[owner];
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        // baseUri + id + suffix: the devnet builds on-chain JSON (a data: URI) around the id.
        return string.concat(baseUri, _toString(tokenId), uriSuffix);
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        if (msg.sender != owner && !isApprovedForAll[owner][msg.sender]) revert NotAllowed(msg.sender, tokenId);
        getApproved[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        if (owner != from) revert WrongOwner(from, tokenId);
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != owner && getApproved[tokenId] != msg.sender && !isApprovedForAll[owner][msg.sender]) {
            revert NotAllowed(msg.sender, tokenId);
        }
        delete getApproved[tokenId];
        balances[from] -= 1;
        balances[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
    }

    function _toString(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) len++;
        bytes memory out = new bytes(len);
        while (v != 0) {
            out[--len] = bytes1(uint8(48 + (v % 10)));
            v /= 10;
        }
        return string(out);
    }
}
