import { pickLanguage, type Language } from '@svp/shared';

/**
 * The language an Accept-Language header asks for first among ours (DESIGN D19): its tags ordered by their q
 * weight (1 when absent; a tag with q=0 is refused, so left out), the header's own order between equal weights.
 * No header, or none of ours, is English (pickLanguage).
 */
export function acceptedLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = text
    .split(',')
    .map((part) => {
      const [tag = '', ...options] = part.split(';').map((piece) => piece.trim());
      const q = options.find((option) => /^q=/i.test(option));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    // Array.prototype.sort is stable: equal weights keep the header's order.
    .sort((a, b) => b.weight - a.weight);
  return pickLanguage(tags.map(({ tag }) => tag));
}
