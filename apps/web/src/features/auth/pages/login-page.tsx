// STUB — replaced by the web helper.
export function LoginPage() {
  return null;
}
