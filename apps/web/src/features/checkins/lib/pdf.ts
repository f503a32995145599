import i18n from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';

/**
 * The registration card needs the account's token, which a plain link cannot carry: fetch it, then
 * open or save the PDF from memory. The tab is opened before the fetch so popup blockers allow it.
 */
export async function openRegistrationPdf(path: string, mode: 'open' | 'download', fileName: string) {
  const tab = mode === 'open' ? window.open('', '_blank') : null;
  try {
    const response = await fetch(path, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Accept-Language': i18n.language || 'es' },
    });
    if (!response.ok) throw new Error(String(response.status));
    const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
