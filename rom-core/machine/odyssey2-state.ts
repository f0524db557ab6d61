/**
 * The Odyssey²'s save states and snapshots: the two schemas of one machine (state.ts), and reading
 * either kind back into checked values (applied by Odyssey2.restore). Nothing here touches the machine
 * until every field has been read and validated.
 */
import { SAMPLE_RATES } from '../i8244/resampler.ts';
import { Reader, openState, openStateInto, readFields, StateError } from '../state/schema.ts';
import type { Schema, Values } from '../state/schema.ts';
import { SNAPSHOT_MAGIC, STATE_MAGIC, STATE_VERSION, machineSchema } from './machine-state.ts';
import type { MachineIdentity } from './machine-state.ts';
import { convertV1 } from './state-v1.ts';

/** A machine's save-state schema and its snapshot schema (without the picture). */
export interface StateSchemas {
  save: Schema;
  snapshot: Schema;
}

export function stateSchemas(id: MachineIdentity): StateSchemas {
  return { save: machineSchema(id), snapshot: machineSchema(id, false) };
}

/** What a restore reuses each time: a reader, and values of the snapshot schema to read into (read.ts). */
export interface SnapshotReading {
  reader: Reader;
  /** Undefined until a first restore. */
  values: Values | undefined;
}

export function snapshotReading(): SnapshotReading {
  return { reader: new Reader(new Uint8Array(0), 'Odyssey²'), values: undefined };
}

/**
 * snapshot() output in `state[start, end)`, checked as a save state is, as values for `schema` (the
 * snapshot schema), read into `reading`'s values (so allocating nothing once they have been filled).
 */
export function readSnapshot(
  state: Uint8Array,
  schema: Schema,
  reading: SnapshotReading,
  start: number,
  end: number,
): Values {
  const reader = reading.reader;
  const version = openStateInto(reader, state, SNAPSHOT_MAGIC, 'Odyssey²', start, end);
  if (version !== STATE_VERSION)
    throw new StateError(`Odyssey² snapshot version ${version} is not this build's (${STATE_VERSION}).`);
  const values = readFields(reader, schema, reading.values, schema.what, true);
  reader.done();
  reading.values = values;
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
