// STUB — replaced by the web helper.
export function MainLayout() {
  return null;
}
