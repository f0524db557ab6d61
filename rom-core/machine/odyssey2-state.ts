/**
 * The Odyssey²'s save states and snapshots: the two schemas of one machine (state.ts), and reading
 * either kind back into checked values (applied by Odyssey2.restore). Nothing here touches the machine
 * until every field has been read and validated.
 */
import { SAMPLE_RATES } from '../i8244/resampler.ts';
import { Reader, openState, readFields, StateError } from '../state/schema.ts';
import type { Schema, Values } from '../state/schema.ts';
import { SNAPSHOT_MAGIC, STATE_MAGIC, STATE_VERSION, machineSchema } from './state.ts';
import type { MachineIdentity } from './state.ts';
import { convertV1 } from './state-v1.ts';

/** A machine's save-state schema and its snapshot schema (without the picture). */
export interface StateSchemas {
  save: Schema;
  snapshot: Schema;
}

export function stateSchemas(id: MachineIdentity): StateSchemas {
  return { save: machineSchema(id), snapshot: machineSchema(id, false) };
}

/** snapshot() output, checked as a save state is, as values for `schema` (the snapshot schema). */
export function readSnapshot(state: Uint8Array, schema: Schema): Values {
  const { reader, version } = openState(state, SNAPSHOT_MAGIC, 'Odyssey²');
  if (version !== STATE_VERSION)
    throw new StateError(`Odyssey² snapshot version ${version} is not this build's (${STATE_VERSION}).`);
  const values = readFields(reader, schema);
  reader.done();
  return values;
}

/**
 * saveState() output (this version or version 1) as values for `schema` (the save-state schema). The
 * whole state is read and validated (every field's type and range, every length, the parts against
 * each other); a state that fails throws a sentence saying why.
 */
export function readSaveState(state: Uint8Array, schema: Schema, timing: MachineIdentity['timing']): Values {
  const { reader, version } = openState(state, STATE_MAGIC, 'Odyssey²');
  let fields = reader;
  if (version === 1) {
    fields = new Reader(
      convertV1(reader, timing, (rate) => SAMPLE_RATES.includes(rate)),
      'Odyssey²',
    );
  } else if (version !== STATE_VERSION) {
    throw new StateError(
      `Odyssey² save state version ${version} is not supported (this build reads versions 1 and ${STATE_VERSION}).`,
    );
  }
  const values = readFields(fields, schema);
  fields.done();
  return values;
}
