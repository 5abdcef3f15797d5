// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoGasPriceOracle
/// @notice The devnet's stand-in for the OP-stack GasPriceOracle predeploy
///         (0x420000000000000000000000000000000000000F), which anvil's
///         optimism mode does not ship. Installed there with anvil_setCode.
///         getL1Fee prices the L1 data fee with the Ecotone formula:
///         calldata gas (4 per zero byte, 16 per other byte, plus 68 bytes of
///         signature at 16) × (16 × baseFeeScalar × l1BaseFee
///         + blobBaseFeeScalar × blobBaseFee) / (16 × 10^6).
///         The L1 values are storage the devnet sets (setL1Fees): the real
///         predeploy reads them from the L1Block contract.
contract PorticoGasPriceOracle {
    uint256 public l1BaseFee;
    uint256 public blobBaseFee;
    uint32 public baseFeeScalar;
    uint32 public blobBaseFeeScalar;

    uint256 public constant decimals = 6;

    function setL1Fees(uint256 _l1BaseFee, uint256 _blobBaseFee, uint32 _baseFeeScalar, uint32 _blobBaseFeeScalar)
        external
    {
        l1BaseFee = _l1BaseFee;
        blobBaseFee = _blobBaseFee;
        baseFeeScalar = _baseFeeScalar;
        blobBaseFeeScalar = _blobBaseFeeScalar;
    }

    function getL1GasUsed(bytes memory _data) public pure returns (uint256) {
        uint256 total = 0;
        for (uint256 i = 0; i < _data.length; i++) {
            total += _data[i] == 0 ? 4 : 16;
        }
        return total + 68 * 16;
    }

    function getL1Fee(bytes memory _data) external view returns (uint256) {
        uint256 scaledBaseFee = uint256(baseFeeScalar) * 16 * l1BaseFee;
        uint256 scaledBlobBaseFee = uint256(blobBaseFeeScalar) * blobBaseFee;
        return (getL1GasUsed(_data) * (scaledBaseFee + scaledBlobBaseFee)) / (16 * 10 ** decimals);
    }
}
