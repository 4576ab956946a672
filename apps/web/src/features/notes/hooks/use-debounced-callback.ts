import { useEffect, useMemo, useRef } from "react";

export interface Debounced<Args extends unknown[]> {
  /** Calls back `delay` ms after the last call, with the last call's arguments. */
  run(...args: Args): void;
  /** Calls back now if a call is waiting; says whether one was. */
  flush(): boolean;
  cancel(): void;
}

/**
 * A callback that waits until calls stop for `delay` ms. A call still waiting when the component
 * goes away is made then, so leaving the page never loses the last edit.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): Debounced<Args> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  // `timer` and `waiting` are the debouncer's own state, made once per delay by useMemo and changed only by its
  // calls, after render; the compiler's rule takes them for a render's variables.
  /* eslint-disable react-hooks/immutability */
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting: Args | undefined;
    const fire = () => {
      const args = waiting;
      timer = undefined;
      waiting = undefined;
      if (args) latest.current(...args);
    };
    return {
      run(...args: Args) {
        waiting = args;
        clearTimeout(timer);
        timer = setTimeout(fire, delay);
      },
      flush() {
        if (!waiting) return false;
        clearTimeout(timer);
        fire();
        return true;
      },
      cancel() {
        clearTimeout(timer);
        timer = undefined;
        waiting = undefined;
      },
    };
  }, [delay]);
  /* eslint-enable react-hooks/immutability */

  useEffect(() => () => void debounced.flush(), [debounced]);
  return debounced;
}
