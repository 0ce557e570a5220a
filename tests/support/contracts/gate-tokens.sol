// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Test tokens for the token-gate tests: balances anyone can mint and move, so a test can give a
// wallet tokens and take them away without its key.

contract GateToken {
    string public name = "Gate Token";
    string public symbol = "GATE";
    uint8 public decimals = 18;
    mapping(address => uint256) public balanceOf;

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
    }

    function move(address from, address to, uint256 amount) external {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

contract GateNft {
    mapping(address => uint256) public balanceOf;

    function mint(address to) external {
        balanceOf[to] += 1;
    }
}
