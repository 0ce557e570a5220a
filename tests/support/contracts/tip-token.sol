// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A minimal ERC-20 for the tip tests (contract section 19): anyone can mint, holders transfer and
// every move emits the standard Transfer event; a transfer above the balance reverts.
contract TipToken {
    mapping(address => uint256) public balanceOf;
    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance too low");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
