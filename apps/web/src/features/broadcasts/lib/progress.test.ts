import { describe, expect, it } from 'vitest';
import { addDays, apiErrorText, progressOf, reachedOf } from './progress.ts';

const counts = (c: Partial<Record<string, number>>) => ({
  total: 0,
  queued: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  ...c,
});

describe('broadcast progress', () => {
  it('counts everyone no longer waiting', () => {
    expect(progressOf(counts({ total: 4, queued: 1, sent: 1, read: 1, skipped: 1 }))).toBe(75);
    expect(progressOf(counts({}))).toBe(0);
    expect(reachedOf(counts({ sent: 1, delivered: 2, read: 3, failed: 4 }))).toBe(6);
    // Accepted: WhatsApp has it, though it has not reported it sent yet.
    expect(reachedOf(counts({ accepted: 2, sent: 1, failed: 1 }))).toBe(3);
    expect(progressOf(counts({ total: 2, accepted: 1, queued: 1 }))).toBe(50);
  });

  it('shows the field error before the generic message', () => {
    expect(apiErrorText({ message: 'Revisa', errors: { template_id: ['Elige una plantilla'] } }, 'x')).toBe(
      'Elige una plantilla',
    );
    expect(apiErrorText({ message: 'Sin remitente' }, 'x')).toBe('Sin remitente');
    expect(apiErrorText(null, 'x')).toBe('x');
  });

  it('adds days across months', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});
