/**
 * Filters kept in a page's query string (the fund's history, the activity log), read by hand against the contract's
 * values so a page loads no schema library for it. A value a hand-edited link cannot mean is read as not there.
 */

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : undefined);

/** An id (a member, a rule), or undefined. */
export const readId = (params: URLSearchParams, name: string) => matching(ID, params.get(name));
/** A day written YYYY-MM-DD, or undefined. */
export const readDay = (params: URLSearchParams, name: string) => matching(DAY, params.get(name));

/** One of `values`, or undefined. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((each) => each === value);

/** Sets each of `names` that has a value, leaving the unset ones out so a plain page's address stays plain. */
export function writeFilters<N extends string>(
  params: URLSearchParams,
  search: Partial<Record<N, string | undefined>>,
  names: readonly N[],
): URLSearchParams {
  for (const name of names) {
    const value = search[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** Whether any of `names` is set. */
export const hasAnyFilter = <N extends string>(search: Partial<Record<N, unknown>>, names: readonly N[]) =>
  names.some((name) => search[name] !== undefined);
