import { z } from 'zod';

/**
 * Answers that a read replica may serve (DESIGN §8) say how old their figures are: the ISO time the replica
 * had replayed to. Absent when the primary answered (the figures are current).
 */
export const figuresAsOfField = { figuresAsOf: z.string().datetime().optional() };

/** The same for a file download (the CSV statement), as a response header. */
export const FIGURES_AS_OF_HEADER = 'x-figures-as-of';
