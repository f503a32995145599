/** A file-name-safe slug of a property name. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9\u0600-\u06ff]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'alojamiento'
  );
}

export const qrDownloadName = (name: string, format: 'png' | 'svg') => `qr-checkin-${slug(name)}.${format}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface PosterLanguage {
  lang: 'es' | 'en' | 'ar';
  title: string;
  steps: string[];
}

/**
 * The printable poster (A4, one page): the property's logo and name, the QR code, and short
 * instructions in Spanish, English and Arabic (each block in its own direction), then the link.
 */
export function qrPosterHtml(opts: {
  name: string;
  logo: string | null;
  qrSvg: string;
  url: string;
  languages: PosterLanguage[];
  documentLang: string;
}): string {
  const blocks = opts.languages
    .map(
      (l) =>
        `<section lang="${l.lang}" dir="${l.lang === 'ar' ? 'rtl' : 'ltr'}"><h2>${escapeHtml(l.title)}</h2><ol>${l.steps
          .map((step) => `<li>${escapeHtml(step)}</li>`)
          .join('')}</ol></section>`,
    )
    .join('');
  const logo = opts.logo ? `<img class="logo" src="${escapeHtml(opts.logo)}" alt="">` : '';
  return `<!doctype html><html lang="${escapeHtml(opts.documentLang)}"><head><meta charset="utf-8"><title>${escapeHtml(opts.name)}</title>
<style>@page{size:A4;margin:14mm}*{box-sizing:border-box}body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1b1e;margin:0;text-align:center}
.logo{max-width:120px;max-height:90px;object-fit:contain;margin-bottom:8px}h1{font-size:30px;margin:0 0 18px;unicode-bidi:isolate}
.qr{width:300px;height:300px;margin:0 auto 18px;padding:12px;border:2px solid #1a1b1e;border-radius:16px}.qr svg{width:100%;height:100%}
.langs{display:grid;grid-template-columns:repeat(3,1fr);gap:14px;text-align:start}section{border-top:3px solid #228be6;padding-top:8px}
h2{font-size:15px;margin:0 0 6px}ol{margin:0;padding-inline-start:18px;font-size:12.5px;line-height:1.45}
small{display:block;margin-top:18px;color:#495057;font-size:11px;word-break:break-all;direction:ltr}</style>
</head><body>${logo}<h1>${escapeHtml(opts.name)}</h1><div class="qr">${opts.qrSvg}</div><div class="langs">${blocks}</div><small>${escapeHtml(opts.url)}</small></body></html>`;
}
