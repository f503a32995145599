// STUB — replaced by the web helper.
export function NotFoundPage() {
  return null;
}
