import { z } from 'zod';
import { figuresAsOfField } from './figures-age.js';

/** The transaction history (SPEC §5). Amounts are decimal strings (ADR 0002). */
export const historyResponseSchema = z.object({ lines: z.array(z.string()), ...figuresAsOfField });
