/** Amounts travel as decimal numbers and are stored as integer minor units so sums never drift. */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => minor / 100;
