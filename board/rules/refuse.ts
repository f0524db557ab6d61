import type { Refusal } from '../model/events.ts';

/** Thrown inside a rule while working on a draft; `applyEvent` turns it into a refusal. */
export class RuleRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(`rule ${refusal.rule}: ${refusal.reason}`);
    this.name = 'RuleRefusal';
  }
}

export function refuse(rule: string, reason: string): never {
  throw new RuleRefusal({ rule, reason });
}

export function formatRefusal(r: Refusal): string {
  return `refused by rule ${r.rule}: ${r.reason}`;
}
