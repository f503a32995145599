// STUB — replaced by the web helper.
export function AdminLayout() {
  return null;
}
