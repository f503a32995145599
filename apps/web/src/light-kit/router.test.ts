import { describe, expect, it } from 'vitest';
import { matchRoute, type RouteTable } from './router.ts';

type Route = { name: 'one'; id: string } | { name: 'two'; a: string; b: string };
const table: RouteTable<Route> = [
  [/^\/x\/([^/]+)\/?$/, (id) => ({ name: 'one', id: decodeURIComponent(id) })],
  [/^\/x\/([^/]+)\/([^/]+)\/?$/, (a, b) => ({ name: 'two', a, b })],
];

describe('matchRoute', () => {
  it('answers the first route whose pattern matches, built from its captured parts', () => {
    expect(matchRoute('/x/a%20b/', table)).toEqual({ name: 'one', id: 'a b' });
    expect(matchRoute('/x/1/2', table)).toEqual({ name: 'two', a: '1', b: '2' });
  });

  it('answers null when none matches', () => {
    expect(matchRoute('/y/1', table)).toBeNull();
  });
});
