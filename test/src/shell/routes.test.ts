import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, routeFor } from '../../../src/shell/routes.ts';

describe('routes', () => {
  it('a page’s own query after its hash keeps the page (a shared program: #/console?src=…)', () => {
    expect(routeFor('#/console').hash).toBe('#/console');
    expect(routeFor('#/console?src=o2src1.AAAA').hash).toBe('#/console');
    expect(routeFor('#/board?x=1').hash).toBe('#/board');
    expect(routeFor('#/nowhere?src=1')).toBe(DEFAULT_ROUTE);
    expect(routeFor('')).toBe(DEFAULT_ROUTE);
  });
});
