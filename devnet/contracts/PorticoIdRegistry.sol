// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal stand-in for Farcaster's ID registry, for the devnet only: a
/// custody address registers once and gets the next fid. Sign In With
/// Farcaster checks `idOf(custody) == fid` against it.
contract PorticoIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id);

    error HasId();

    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid);
    }
}
