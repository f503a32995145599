// STUB — replaced by the web helper.
export function AuthLayout() {
  return null;
}
