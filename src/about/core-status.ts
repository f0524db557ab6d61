import { CORE_VERSION } from '../../rom-core/version.ts';
import { OPCODES, runCpuSelfTest } from '../../rom-core/i8048/index.ts';
import type { Page } from '../platform/page.ts';

/** The emulator core's version, its opcode table and a CPU self-test run in this browser. */
export function mountCoreStatus(container: HTMLElement): Page {
  const section = document.createElement('section');
  section.className = 'card';
  section.id = 'core-status';
  section.setAttribute('aria-live', 'polite');
  section.innerHTML = `
    <h2>Emulator core</h2>
    <dl>
      <dt>Core version</dt><dd id="core-version"></dd>
      <dt>Intel 8048 opcode table</dt><dd id="opcode-count"></dd>
      <dt>CPU self-test</dt><dd id="self-test-result" data-state="pending">running…</dd>
    </dl>
    <ul id="self-test-failures" class="failures"></ul>`;
  container.append(section);

  const field = (id: string): HTMLElement => section.querySelector<HTMLElement>(`#${id}`)!;
  field('core-version').textContent = CORE_VERSION;
  const legal = OPCODES.filter((row) => !row.illegal).length;
  field('opcode-count').textContent =
    `${OPCODES.length} opcodes (${legal} instructions, ${OPCODES.length - legal} unused)`;

  const report = runCpuSelfTest();
  const total = report.passed + report.failed;
  const result = field('self-test-result');
  result.dataset.state = report.failed === 0 ? 'pass' : 'fail';
  result.textContent =
    report.failed === 0 ? `passed (${total} of ${total} checks)` : `FAILED (${report.failed} of ${total} checks)`;
  for (const failure of report.failures) {
    const item = document.createElement('li');
    item.textContent = failure;
    field('self-test-failures').append(item);
  }
  return { destroy: () => section.remove() };
}
