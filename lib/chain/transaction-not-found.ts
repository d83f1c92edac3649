// Whether a viem error says the node holds no such transaction or receipt (not mined, or never sent). By name,
// not instanceof: Next's server bundle may hold more than one copy of viem's error classes.
export const isTransactionNotFound = (error: unknown): boolean => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "TransactionReceiptNotFoundError" || name === "TransactionNotFoundError";
};
