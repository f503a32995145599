// STUB — replaced by the web helper.
export function ConfirmEmailPage() {
  return null;
}
