// Shared zod schemas for what the dashboard home can send (claims, bot activation, logout, ...) and its settings
// page reads, with zod, in a chunk of their own: the home never waits for them (its first answers, /me and
// /config, are trusted as the server's response schema shaped them: serverAnswer in lib/api.ts), and a request
// downloads them while it is in flight (see lazySchema).
import { z } from 'zod';

export {
  botActivateResponseSchema,
  claimResponseSchema,
  okResponseSchema,
  referralResponseSchema,
  referralSaveResponseSchema,
  withdrawalQuoteSchema,
} from '@svp/shared';

export const logoutResponseSchema = z.object({ success: z.literal(true) });
