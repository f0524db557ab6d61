import type { Chips, ChipTransfer } from '../model/chips.ts';
import { DENOMINATIONS } from '../model/chips.ts';

export const noChips = (): Chips => ({ 1000: 0, 500: 0, 100: 0 });
export const chipValue = (c: Chips): number => c[1000] * 1000 + c[500] * 500 + c[100] * 100;
export const chipCount = (c: Chips): number => c[1000] + c[500] + c[100];

/** Rules 13A/14A/16D/17B: onscreen energy is paid "rounded off to the nearest hundred" (half up). */
export const roundToHundred = (units: number): number => Math.floor((units + 50) / 100) * 100;

/** Rules 20C/21G: chips or energy "rounded off to the nearest 500", in half record spaces (half up). */
export const halvesFor = (units: number): number => Math.floor((units + 250) / 500);

function add(a: Chips, b: Chips): Chips {
  return { 1000: a[1000] + b[1000], 500: a[500] + b[500], 100: a[100] + b[100] };
}

/**
 * Exact change from a limited stock. Each denomination divides the next larger one, so taking the
 * largest chips first finds a set whenever one exists.
 */
export function makeAmount(amount: number, stock: Chips): Chips | null {
  const out = noChips();
  let rest = amount;
  for (const d of DENOMINATIONS) {
    const n = Math.min(Math.floor(rest / d), stock[d]);
    out[d] = n;
    rest -= n * d;
  }
  return rest === 0 ? out : null;
}

/** The most the stock can pay without exceeding `amount` (the war chest can run short). */
export function payUpTo(amount: number, stock: Chips): Chips {
  const out = noChips();
  let rest = amount;
  for (const d of DENOMINATIONS) {
    const n = Math.min(Math.floor(rest / d), stock[d]);
    out[d] = n;
    rest -= n * d;
  }
  return out;
}

/**
 * How a payer hands over `amount`: the chips to give and the change to take back, least overpayment
 * first, then fewest chips. Null when no hand-over works (not enough value, or no change).
 */
export function planPayment(amount: number, payer: Chips, payee: Chips): { give: Chips; change: Chips } | null {
  if (chipValue(payer) < amount) return null;
  let best: { give: Chips; change: Chips; over: number; count: number } | null = null;
  // A hand-over that would still cover the amount without one of its chips is never the least
  // overpayment, which bounds the search however many chips the payer holds.
  const aMax = Math.min(payer[1000], Math.floor(amount / 1000) + 1);
  const bMax = Math.min(payer[500], Math.floor(amount / 500) + 1);
  for (let a = 0; a <= aMax; a++) {
    for (let b = 0; b <= bMax; b++) {
      const partial = a * 1000 + b * 500;
      const c = Math.max(0, Math.ceil((amount - partial) / 100));
      if (c > payer[100]) continue;
      const give: Chips = { 1000: a, 500: b, 100: c };
      const over = chipValue(give) - amount;
      if (over < 0) continue;
      if (best && (over > best.over || (over === best.over && a + b + c >= best.count))) continue;
      const change: Chips | null = over === 0 ? noChips() : makeAmount(over, add(payee, give));
      if (!change) continue;
      best = { give, change, over, count: a + b + c };
    }
  }
  return best && { give: best.give, change: best.change };
}

export function applyTransfer(from: Chips, to: Chips, t: Pick<ChipTransfer, 'give' | 'change'>): void {
  for (const d of DENOMINATIONS) {
    from[d] += t.change[d] - t.give[d];
    to[d] += t.give[d] - t.change[d];
  }
}

export function describeChips(c: Chips): string {
  const parts: string[] = [];
  if (c[1000]) parts.push(`${c[1000]} blue`);
  if (c[500]) parts.push(`${c[500]} red`);
  if (c[100]) parts.push(`${c[100]} white`);
  return parts.length ? parts.join(', ') : 'nothing';
}
