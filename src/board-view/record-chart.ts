import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { h } from '../platform/h.ts';
import { markerCss } from './colors.ts';
import { formatRecord } from './record-track.ts';
import type { ViewState } from './types.ts';

/** The chart drawn last: the view redraws often, and a finished game's chart does not change. */
let drawn: { key: string; element: HTMLElement } | null = null;

/**
 * Each player's Power Base Record over the game (the engine's record trail), as steps: the record holds
 * until the step of the game (a log line) that moved it. Drawn with uPlot.
 */
export function renderRecordChart(s: ViewState, width = 360, height = 170): HTMLElement | null {
  const trail = s.recordTrail;
  if (trail.length < 2) return null;
  const key = JSON.stringify([trail.length, trail.at(-1), s.players.map((p) => [p.name, p.color]), width, height]);
  if (drawn?.key === key) return drawn.element;
  const last = trail.at(-1)!.records;
  const element = h(
    'figure',
    {
      class: 'bv-chart',
      'data-chart': 'records',
      'aria-label': `Power Base Record over the game: ${s.players.map((p, i) => `${p.name} ends at ${formatRecord(last[i] ?? 0)}`).join(', ')}.`,
    },
    h('figcaption', { class: 'bv-muted' }, 'Power Base Record over the game (by step of the game log)'),
  );
  const data: uPlot.AlignedData = [
    trail.map((p) => p.step),
    ...s.players.map((_, i) => trail.map((p) => p.records[i] ?? null)),
  ];
  const axis = { stroke: '#c9d3dc', grid: { stroke: '#2c3843', width: 1 }, ticks: { stroke: '#2c3843', width: 1 } };
  new uPlot(
    {
      width,
      height,
      scales: { x: { time: false } },
      series: [
        { label: 'Step' },
        ...s.players.map((p) => ({
          label: p.name,
          stroke: markerCss(p.color),
          width: 2,
          paths: uPlot.paths.stepped!({ align: 1 }),
          points: { show: false },
        })),
      ],
      axes: [{ ...axis }, { ...axis, size: 36 }],
      legend: { show: true, live: false },
      cursor: { show: false },
    },
    data,
    element,
  );
  drawn = { key, element };
  return element;
}
