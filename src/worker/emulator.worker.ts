/** The emulator worker's entry: one WorkerHost, its API exposed to the page through comlink. */
import * as Comlink from 'comlink';
import { WorkerHost } from './worker-host.ts';

Comlink.expose(new WorkerHost().api);
