import { ERROR_STATUS, MSG, type ErrorCode } from '@svp/shared';

/** The one error type services throw; the error handler turns it into DESIGN §4's shape. Its code owns its status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const errors = {
  validation: (message: string, fields?: Record<string, string>) => new AppError('VALIDATION_ERROR', message, fields),
  unauthenticated: () => new AppError('UNAUTHENTICATED', MSG.common.unauthenticated),
  forbidden: () => new AppError('FORBIDDEN', MSG.common.forbidden),
  notFound: (message: string = MSG.common.notFound) => new AppError('NOT_FOUND', message),
  rateLimited: () => new AppError('RATE_LIMITED', MSG.common.rateLimited),
  insufficientFunds: (message = 'Insufficient balance.') => new AppError('INSUFFICIENT_FUNDS', message),
};
