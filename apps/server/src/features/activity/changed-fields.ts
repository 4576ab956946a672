/**
 * An edit's entry in the log: the fields whose values differ between `was` and `is`, each side keeping only those.
 * Both are empty when nothing changed, which callers take as nothing to log. Values are compared with `===`: the
 * fields are the log's own (numbers as money, strings, booleans), not rows.
 */
export function changedFields<T extends Record<string, unknown>>(
  was: T,
  is: T,
): { before: Partial<T>; after: Partial<T> } {
  const changed = (Object.keys(was) as (keyof T)[]).filter((field) => was[field] !== is[field]);
  return {
    before: Object.fromEntries(changed.map((field) => [field, was[field]])) as Partial<T>,
    after: Object.fromEntries(changed.map((field) => [field, is[field]])) as Partial<T>,
  };
}
