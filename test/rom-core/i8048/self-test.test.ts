import { describe, expect, it } from 'vitest';
import { runCpuSelfTest } from '../../../rom-core/i8048/self-test.ts';
import { CORE_VERSION } from '../../../rom-core/version.ts';

describe('built-in CPU self-test', () => {
  it('passes every check on this core', () => {
    const report = runCpuSelfTest();
    expect(report.failures).toEqual([]);
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThanOrEqual(10);
  });

  it('the core version is a semantic version', () => {
    expect(CORE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
