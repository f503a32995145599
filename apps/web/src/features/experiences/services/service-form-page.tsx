/** Placeholder until its part of issue 18 lands. */
export function CreateServicePage() {
  return null;
}
export function UpdateServicePage() {
  return null;
}
