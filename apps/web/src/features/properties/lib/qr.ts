/** A file-name-safe slug of a property name, for the downloaded QR image. */
export function qrFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u0600-\u06ff]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `qr-checkin-${slug || 'alojamiento'}.png`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The printable page: the property's name, the QR code and what it is for. */
export function qrPrintHtml(opts: {
  title: string;
  name: string;
  instructions: string;
  image: string;
  url: string;
  dir: 'ltr' | 'rtl';
  lang: string;
}): string {
  return `<!doctype html><html lang="${escapeHtml(opts.lang)}" dir="${opts.dir}"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title>
<style>body{font-family:system-ui,sans-serif;text-align:center;margin:48px;color:#1a1b1e}h1{font-size:32px;margin:0 0 8px}p{font-size:18px;color:#495057;margin:0 0 24px}img{width:320px;height:320px}small{display:block;margin-top:16px;color:#868e96;word-break:break-all}</style>
</head><body><h1>${escapeHtml(opts.name)}</h1><p>${escapeHtml(opts.instructions)}</p><img src="${escapeHtml(opts.image)}" alt=""><small>${escapeHtml(opts.url)}</small></body></html>`;
}
