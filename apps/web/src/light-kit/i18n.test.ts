import { afterEach, describe, expect, it, vi } from 'vitest';
import { language, loadLanguage, pickLanguage, registerMessages, t } from './i18n.ts';

describe('the light entries’ translator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('picks the first supported language of the candidates, else Spanish', () => {
    expect(pickLanguage([null, 'fr-FR', 'en-GB', 'ar'])).toBe('en');
    expect(pickLanguage([undefined, 'de'])).toBe('es');
  });

  it('loads only the chosen bundle of the namespace, interpolates, and turns Arabic right to left', async () => {
    const root = { lang: '', dir: '' };
    vi.stubGlobal('document', { documentElement: root });
    const ar = vi.fn(async () => ({ default: { progress: 'خطوة {{step}} من {{total}}' } }));
    const en = vi.fn(async () => ({
      default: { progress: 'Step {{step}} of {{total}}', a: { b: 'nested' } },
    }));
    registerMessages('guest', { '../locales/en/guest.json': en, '../locales/ar/guest.json': ar });

    await loadLanguage('en');
    expect([language(), root.lang, root.dir]).toEqual(['en', 'en', 'ltr']);
    expect(t('progress', { step: 2, total: 9 })).toBe('Step 2 of 9');
    expect(t('a.b')).toBe('nested');
    expect(t('missing.key')).toBe('missing.key');
    expect(ar).not.toHaveBeenCalled();

    await loadLanguage('ar');
    expect([root.lang, root.dir]).toEqual(['ar', 'rtl']);
    await expect(loadLanguage('es')).rejects.toThrow('no guest messages for es');
  });
});
