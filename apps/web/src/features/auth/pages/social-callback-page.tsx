// STUB — replaced by the web helper.
export function SocialCallbackPage() {
  return null;
}
