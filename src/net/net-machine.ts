/**
 * The console's worker as the remote table's sessions reach it (board/table's NetMachine port): its
 * network battle calls, once a machine runs, and its word about the battle's messages.
 */
import type { NetMachine } from '../../board/index.ts';
import type { MachineHost } from '../machine/machine-host.ts';

export function netMachine(machine: MachineHost): NetMachine {
  return {
    calls: () => machine.runtime?.api,
    ready: () => {
      if (machine.runtime) return Promise.resolve(machine.runtime.api);
      return new Promise((resolve) => {
        const off = machine.on({
          booted: () => {
            off();
            resolve(machine.runtime?.api);
          },
        });
      });
    },
    on: (events) => machine.on(events),
  };
}
