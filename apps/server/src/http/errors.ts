import { MSG, type ErrorCode } from '@svp/shared';

/** The one error type services throw; the error handler turns it into DESIGN §4's shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (message: string, fields?: Record<string, string>) =>
    new AppError(400, 'VALIDATION_ERROR', message, fields),
  unauthenticated: () => new AppError(401, 'UNAUTHENTICATED', MSG.common.unauthenticated),
  forbidden: () => new AppError(403, 'FORBIDDEN', MSG.common.forbidden),
  notFound: (message: string = MSG.common.notFound) => new AppError(404, 'NOT_FOUND', message),
  rateLimited: () => new AppError(429, 'RATE_LIMITED', MSG.common.rateLimited),
  insufficientFunds: (message = 'Insufficient balance.') => new AppError(409, 'INSUFFICIENT_FUNDS', message),
};
