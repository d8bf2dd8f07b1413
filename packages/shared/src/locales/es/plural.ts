/** Spanish plural: the singular for exactly 1 (n may come as a string, "1,000" included), else the plural. */
export const s = (n: number | string, one: string, many: string) =>
  Number(String(n).replace(/,/g, '')) === 1 ? one : many;
