// STUB — replaced by the web helper.
export function RouteError() {
  return null;
}
