import { AUTH_MSG } from './messages/auth.js';
import { CONSOLE_MSG } from './messages/console.js';
import { ENGAGEMENT_MSG } from './messages/engagement.js';
import { MONEY_MSG } from './messages/money.js';

/**
 * Every user-facing text of the product, verbatim from SPEC §5 and §8, in one object, kept by domain in messages/.
 * Server errors and web screens both import MSG; never retype a message. Error codes and statuses: errors.ts.
 */
export const MSG = { ...AUTH_MSG, ...MONEY_MSG, ...ENGAGEMENT_MSG, ...CONSOLE_MSG } as const;
