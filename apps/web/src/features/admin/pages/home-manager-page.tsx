// STUB — replaced by the web helper.
export function HomeManagerPage() {
  return null;
}
