// STUB — replaced by the web helper.
export function RegisterPage() {
  return null;
}
