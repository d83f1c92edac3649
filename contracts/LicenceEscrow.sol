// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Operated} from "./Operated.sol";

/// @notice Holds licence payments until the bridge decides: granted → released to the listing's payee and
/// the article's contributors by their shares (basis points); lost race or refused → refunded to the buyer.
/// A payment nobody settled within `reclaimAfter` seconds can be taken back by its buyer.
/// A recipient whose address refuses the transfer is credited instead and withdraws later, so one
/// contract recipient cannot block a release.
contract LicenceEscrow is Operated, ReentrancyGuard {
    uint16 public constant TOTAL_BPS = 10_000;
    uint256 public constant MAX_CONTRIBUTORS = 50;

    enum Status {
        None,
        Held,
        Released,
        Refunded
    }

    /// Why a payment went back to its buyer.
    enum RefundReason {
        LostRace,
        Refused,
        Reclaimed
    }

    struct Payment {
        address buyer;
        address payee;
        uint256 listingId;
        uint256 amount;
        uint64 depositedAt;
        Status status;
    }

    uint256 public immutable reclaimAfter;
    uint256 public paymentCount;
    mapping(uint256 => Payment) public payments;
    /// Amounts whose transfer a recipient refused, withdrawable by it.
    mapping(address => uint256) public credited;

    event Deposited(uint256 indexed paymentId, uint256 indexed listingId, address indexed buyer, address payee, uint256 amount);
    /// One per recipient of a release; `share` is the recipient's basis points (0 for the payee's part).
    event Paid(uint256 indexed paymentId, address indexed to, uint256 amount, uint16 share, bool credited);
    event Released(uint256 indexed paymentId, uint256 indexed listingId, uint256 amount, uint16 payeeBps);
    event Refunded(uint256 indexed paymentId, uint256 indexed listingId, address indexed buyer, uint256 amount, RefundReason reason, bool credited);
    event Withdrawn(address indexed to, uint256 amount);

    error ZeroAmount();
    error UnknownPayment(uint256 paymentId);
    error NotHeld(uint256 paymentId);
    error BadShares();
    error NotBuyer();
    error TooEarly(uint256 reclaimableAt);
    error NothingCredited();
    error TransferFailed();

    constructor(uint256 reclaimAfter_) {
        reclaimAfter = reclaimAfter_;
    }

    /// @notice The buyer pays a listing's price into escrow; the bridge checks it and settles it.
    function deposit(uint256 listingId, address payee) external payable returns (uint256 paymentId) {
        if (msg.value == 0) revert ZeroAmount();
        if (payee == address(0)) revert ZeroAddress();
        paymentId = ++paymentCount;
        payments[paymentId] = Payment({
            buyer: msg.sender,
            payee: payee,
            listingId: listingId,
            amount: msg.value,
            depositedAt: uint64(block.timestamp),
            status: Status.Held
        });
        emit Deposited(paymentId, listingId, msg.sender, payee, msg.value);
    }

    /// @notice The licence was granted: `payeeBps` of the amount to the payee, the rest split among the
    /// contributors by `shareBps` (summing to 10 000), each rounded down; the rounding remainder goes to the payee.
    function release(uint256 paymentId, uint16 payeeBps, address[] calldata contributors, uint16[] calldata shareBps)
        external
        onlyOperator
        nonReentrant
    {
        Payment storage p = _held(paymentId);
        if (payeeBps > TOTAL_BPS || contributors.length != shareBps.length || contributors.length > MAX_CONTRIBUTORS) revert BadShares();
        if (contributors.length == 0 && payeeBps != TOTAL_BPS) revert BadShares();
        uint256 total;
        for (uint256 i = 0; i < shareBps.length; i++) {
            if (contributors[i] == address(0)) revert ZeroAddress();
            total += shareBps[i];
        }
        if (contributors.length > 0 && total != TOTAL_BPS) revert BadShares();
        p.status = Status.Released;

        uint256 pool = (p.amount * (TOTAL_BPS - payeeBps)) / TOTAL_BPS;
        uint256 paid;
        for (uint256 i = 0; i < contributors.length; i++) {
            uint256 part = (pool * shareBps[i]) / TOTAL_BPS;
            paid += part;
            emit Paid(paymentId, contributors[i], part, shareBps[i], !_send(contributors[i], part));
        }
        uint256 payeePart = p.amount - paid;
        emit Paid(paymentId, p.payee, payeePart, 0, !_send(p.payee, payeePart));
        emit Released(paymentId, p.listingId, p.amount, payeeBps);
    }

    /// @notice The buyer lost the race for an exclusive listing, or the licence was refused.
    function refund(uint256 paymentId, RefundReason reason) external onlyOperator nonReentrant {
        if (reason == RefundReason.Reclaimed) revert BadShares();
        _refund(paymentId, reason);
    }

    /// @notice The buyer takes back a payment nobody settled in time.
    function reclaim(uint256 paymentId) external nonReentrant {
        Payment storage p = _held(paymentId);
        if (msg.sender != p.buyer) revert NotBuyer();
        uint256 at = uint256(p.depositedAt) + reclaimAfter;
        if (block.timestamp < at) revert TooEarly(at);
        _refund(paymentId, RefundReason.Reclaimed);
    }

    /// @notice A recipient whose transfer failed takes its credit.
    function withdraw() external nonReentrant {
        uint256 amount = credited[msg.sender];
        if (amount == 0) revert NothingCredited();
        credited[msg.sender] = 0;
        (bool ok,) = msg.sender.call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit Withdrawn(msg.sender, amount);
    }

    function _refund(uint256 paymentId, RefundReason reason) private {
        Payment storage p = _held(paymentId);
        p.status = Status.Refunded;
        emit Refunded(paymentId, p.listingId, p.buyer, p.amount, reason, !_send(p.buyer, p.amount));
    }

    function _held(uint256 paymentId) private view returns (Payment storage p) {
        p = payments[paymentId];
        if (p.status == Status.None) revert UnknownPayment(paymentId);
        if (p.status != Status.Held) revert NotHeld(paymentId);
    }

    /// Sends `amount`; a refused transfer is credited to `to` instead (false).
    function _send(address to, uint256 amount) private returns (bool) {
        if (amount == 0) return true;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) credited[to] += amount;
        return ok;
    }
}
