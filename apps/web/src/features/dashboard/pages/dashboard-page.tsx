// STUB — replaced by the web helper.
export function DashboardPage() {
  return null;
}
