// STUB — replaced by the web helper.
export function LogoutPage() {
  return null;
}
