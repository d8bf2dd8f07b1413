/** Thrown by the posting function when a guarded debit would take an account below zero. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: bigint) {
    super(`Insufficient funds in account ${accountId}`);
    this.name = 'InsufficientFundsError';
  }
}
