// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Test tokens for the token-poll tests (contract section 18): an ERC-20, an ERC-721 and an
// ERC-1155 balance anyone can mint and move, so a test can move tokens after a poll's snapshot.

contract PollToken {
    mapping(address => uint256) public balanceOf;

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
    }

    function move(address from, address to, uint256 amount) external {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

contract PollNft {
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    uint256 public minted;

    function mint(address to) external returns (uint256 id) {
        id = ++minted;
        ownerOf[id] = to;
        balanceOf[to] += 1;
    }

    function move(uint256 id, address to) external {
        balanceOf[ownerOf[id]] -= 1;
        ownerOf[id] = to;
        balanceOf[to] += 1;
    }
}

contract PollMulti {
    mapping(uint256 => mapping(address => uint256)) private balances;

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function mint(address to, uint256 id, uint256 amount) external {
        balances[id][to] += amount;
    }

    function move(address from, address to, uint256 id, uint256 amount) external {
        balances[id][from] -= amount;
        balances[id][to] += amount;
    }
}
