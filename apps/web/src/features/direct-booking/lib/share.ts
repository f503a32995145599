/** What the Share tab builds from the website's address: messages, snippets and file names. */

/** wa.me with a prefilled text and no number: WhatsApp asks whom to send it to. */
export function whatsAppShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An <iframe> that shows the whole website inside the operator's own page. */
export function iframeSnippet(url: string, title: string): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" height="760" style="border:0;max-width:100%;" loading="lazy"></iframe>`;
}

/** A "Book now" button that opens the website in a new tab. */
export function buttonSnippet(url: string, label: string, color = '#1c7ed6'): string {
  return `<a href="${escapeAttribute(url)}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 22px;border-radius:8px;background:${color};color:#fff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none;">${escapeText(label)}</a>`;
}

/** The download name of the QR: the site's slug, safe for any file system. */
export function qrFileName(slug: string): string {
  const safe = slug
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `reserva-directa-${safe || 'qr'}.png`;
}
