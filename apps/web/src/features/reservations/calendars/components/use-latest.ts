import { useRef } from 'react';

/** Latest value of a prop in a ref, so memoised rows get stable handlers. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
