// STUB — replaced by the web helper.
export function AdvisorsPage() {
  return null;
}
