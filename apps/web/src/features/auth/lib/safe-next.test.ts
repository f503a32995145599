import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it('follows same-origin paths the guard puts in ?next', () => {
    expect(safeNextPath('/business/dashboard')).toBe('/business/dashboard');
    expect(safeNextPath('/manager/users?search=ana&page=2')).toBe('/manager/users?search=ana&page=2');
    expect(safeNextPath('/business/properties#top')).toBe('/business/properties#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'business/dashboard',
      '/\t/evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it('refuses auth screens, which would undo the sign-in or loop', () => {
    for (const next of [
      '/',
      '/logout',
      '/register',
      '/reset',
      '/recuperar/abc',
      '/verific/token/account/x',
    ]) {
      expect(safeNextPath(next), next).toBeNull();
    }
  });
});
