// STUB — replaced by the web helper.
export function LegacyBridgePage() {
  return null;
}
