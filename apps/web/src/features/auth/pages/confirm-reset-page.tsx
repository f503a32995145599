// STUB — replaced by the web helper.
export function ConfirmResetPage() {
  return null;
}
