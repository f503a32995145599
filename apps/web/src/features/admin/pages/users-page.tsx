// STUB — replaced by the web helper.
export function UsersPage() {
  return null;
}
