// STUB — replaced by the web helper.
export function ResetPage() {
  return null;
}
