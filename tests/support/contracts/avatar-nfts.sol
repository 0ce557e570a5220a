// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Test NFTs for the NFT-avatar tests (contract section 19): an ERC-721 and an ERC-1155 that
// answer ERC-165, anyone can mint and move, and whose metadata address each test sets.

contract AvatarNft {
    mapping(uint256 => address) private owners;
    mapping(uint256 => string) private uris;
    uint256 public minted;

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function ownerOf(uint256 id) external view returns (address) {
        require(owners[id] != address(0), "no such token");
        return owners[id];
    }

    function tokenURI(uint256 id) external view returns (string memory) {
        require(owners[id] != address(0), "no such token");
        return uris[id];
    }

    function mint(address to, string calldata uri) external returns (uint256 id) {
        id = ++minted;
        owners[id] = to;
        uris[id] = uri;
    }

    function move(uint256 id, address to) external {
        owners[id] = to;
    }
}

contract AvatarMulti {
    mapping(uint256 => mapping(address => uint256)) private balances;
    string private template;

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0xd9b67a26;
    }

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function uri(uint256) external view returns (string memory) {
        return template;
    }

    function setUri(string calldata value) external {
        template = value;
    }

    function mint(address to, uint256 id, uint256 amount) external {
        balances[id][to] += amount;
    }

    function move(address from, address to, uint256 id, uint256 amount) external {
        balances[id][from] -= amount;
        balances[id][to] += amount;
    }
}
