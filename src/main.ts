import { CORE_VERSION } from '../rom-core/version.ts';
import { OPCODES } from '../rom-core/i8048/opcodes.ts';
import { runCpuSelfTest } from '../rom-core/i8048/self-test.ts';

function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el;
}

function showCoreStatus(): void {
  byId('core-version').textContent = CORE_VERSION;
  const legal = OPCODES.filter((row) => !row.illegal).length;
  byId('opcode-count').textContent = `${OPCODES.length} opcodes (${legal} instructions, ${OPCODES.length - legal} unused)`;

  const result = byId('self-test-result');
  const report = runCpuSelfTest();
  const total = report.passed + report.failed;
  result.dataset.state = report.failed === 0 ? 'pass' : 'fail';
  result.textContent = report.failed === 0 ? `passed (${total} of ${total} checks)` : `FAILED (${report.failed} of ${total} checks)`;
  const list = byId('self-test-failures');
  for (const failure of report.failures) {
    const item = document.createElement('li');
    item.textContent = failure;
    list.append(item);
  }
}

// TEMPORARY (board-view helper): route #/board to the board companion until the lead wires routing.
if (location.hash === '#/board') {
  void import('./board-view/index.ts').then(({ mountBoardView }) => {
    document.body.replaceChildren();
    mountBoardView(document.body);
  });
} else {
  showCoreStatus();
}
