import { SHARED_TEXTS, type SharedTexts } from '../translation.js';

// Placeholder until the translation lands: English. locales.test.ts fails on it.
export const TEXTS: SharedTexts = SHARED_TEXTS;
