/** Placeholder until its part of issue 18 lands (replaced by the helper that owns it). */
export function UpsellConfigPage() {
  return null;
}
