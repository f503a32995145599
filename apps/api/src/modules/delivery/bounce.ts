/**
 * A delivery status notification (RFC 3464) as an inbound-mail service posts it: the reporting MTA's
 * per-recipient `Status:` (5.1.1) and `Diagnostic-Code:` (smtp; 550 5.1.1 User unknown). Only permanent
 * failures (5.x.x) end a delivery; a 4.x.x "delayed" report changes nothing.
 */
export function parseBounce(text: string): { code: string; detail: string } | null {
  const status = /^\s*Status:\s*([245])\.(\d{1,3})\.(\d{1,3})/im.exec(text);
  const diagnostic = /^\s*Diagnostic-Code:\s*[\w-]+;\s*(.+)$/im.exec(text)?.[1]?.trim() ?? '';
  const action = /^\s*Action:\s*(\w+)/im.exec(text)?.[1]?.toLowerCase();
  const smtp = /\b([45]\d\d)\b/.exec(diagnostic)?.[1];
  const klass = status?.[1] ?? smtp?.[0];
  if (!klass || klass !== '5' || action === 'delayed') return null;
  return {
    code: smtp ?? `${status?.[1]}.${status?.[2]}.${status?.[3]}`,
    detail: (diagnostic || text.trim().split('\n')[0] || '').slice(0, 500),
  };
}

/** bounce+{delivery id}@domain → the delivery id (the envelope sender our e-mails carry). */
export function deliveryIdOfBounceAddress(to: string, domain: string | null | undefined): string | null {
  if (!domain) return null;
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`bounce\\+([0-9a-f-]{36})@${escaped}`, 'i').exec(to);
  return match?.[1]?.toLowerCase() ?? null;
}
