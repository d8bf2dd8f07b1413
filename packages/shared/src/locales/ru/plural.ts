/**
 * Russian plural: `one` for 1, 21, 31…; `few` for 2–4, 22–24…; `many` for 0, 5–20, 25–30…. `n` may come as a string
 * (the web app recovers it from a server text, "1,000" included); a fraction or a non-number takes `few`, the form
 * Russian uses after a fraction ("2.5 часа").
 */
export function plural(n: number | string, one: string, few: string, many: string): string {
  const count = Math.abs(Number(String(n).replace(/[,\s]/g, '')));
  if (!Number.isInteger(count)) return few;
  const last = count % 10;
  const lastTwo = count % 100;
  if (last === 1 && lastTwo !== 11) return one;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return few;
  return many;
}
