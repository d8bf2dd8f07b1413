import { z } from 'zod';

/** Referral codes (DESIGN D5). Amounts are decimal strings (ADR 0002). */
export const referralResponseSchema = z.object({ referralCode: z.string().nullable(), message: z.string() });
export const referralRequestSchema = z.object({
  source: z.enum(['generate', 'custom']),
  referralCode: z.string().max(100).default(''),
});
export const referralSaveResponseSchema = z.object({
  success: z.literal(true),
  referralCode: z.string(),
  message: z.string(),
});
