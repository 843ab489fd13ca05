// The Plot panel (View ▸ Plot): the selected point's x, y, speed |v| or acceleration |a| over one cycle of the
// running motor, against the crank angle (uPlot). The point: a selected point curve, or the middle (u = 0.5) of the
// one selected curve. The samples come from the session (`analysis:point`, on a copy of the drawing). While Play
// runs, a vertical marker follows the motor's angle (play frames carry it); a press-and-drag on the plot scrubs:
// the marker follows the cursor, and on release the motor's angle is set there (one undoable edit, the mechanism
// settling into that pose). CSV (the CLI's columns) and PNG (the chart's canvas) are exported as downloads.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Api } from '../../../electron/preload/api';
import { samplesCsv } from '../../shared/analysis-samples';
import type { PointPlot } from '../../shared/contract';
import { displayNames } from '../../shared/display-names';
import { userMessage } from '../../shared/user-message';
import type { Editor } from '../editor/editor';
import { el, setText } from './dom';
import { PLOT_SERIES, axisAngle, plotColumns, scrubAngle, type PlotSeries } from './plot-data';

/** Samples per cycle: one a degree. */
export const PLOT_SAMPLES = 360;
const HEIGHT = 180;

/** The point the panel plots: a selected point curve, or the middle of the one selected curve; null otherwise. */
export function plotSubject(editor: Editor): { curve: string; u: number } | null {
  if (editor.selection.size !== 1) return null;
  const [id] = editor.selection;
  const curve = editor.mirror.drawing.curves.find((c) => c.id === id);
  if (!curve) return null;
  return { curve: curve.id, u: curve.kind === 'point' ? 0 : 0.5 };
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = el('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const cssVar = (node: Element, name: string) => getComputedStyle(node).getPropertyValue(name).trim();

export function mountPlotPanel(
  host: HTMLElement,
  editor: Editor,
  api: Pick<Api, 'analyzePoint'>,
): { toggle(): void } {
  host.hidden = true;
  const subjectText = el('span', { className: 'subject' });
  const picker = el('select', { data: { field: 'series' } });
  for (const [key, { label, unit }] of Object.entries(PLOT_SERIES)) {
    const option = el('option', { text: `${label} (${unit})` });
    option.value = key;
    picker.append(option);
  }
  const button = (action: string, text: string, title: string, run: () => void) => {
    const b = el('button', { text, title, data: { action } });
    b.type = 'button';
    b.addEventListener('click', run);
    return b;
  };
  const message = el('p', { className: 'message' });
  const chartHost = el('div', { className: 'chart' });
  host.append(
    el(
      'header',
      {},
      el('h2', { text: 'Plot' }),
      subjectText,
      picker,
      button('export-csv', 'CSV', 'Save the samples as CSV', () => exportCsv()),
      button('export-png', 'PNG', 'Save the plot as a PNG image', () => exportPng()),
      button('close', '×', 'Close the plot', () => toggle()),
    ),
    message,
    chartHost,
  );

  let plot: PointPlot | null = null;
  let subject: { curve: string; u: number } | null = null;
  let chart: uPlot | null = null;
  /** The played pose's crank angle on the axis (degrees), and the scrub's while the button is down. */
  let marker: number | null = null;
  let scrub: number | null = null;
  /** Answers to older requests are dropped: the selection moved on. */
  let asked = 0;

  const motorAngle = (): number | null => {
    const motor = plot && editor.mirror.drawing.constraints.find((k) => k.id === plot!.motor);
    return motor?.kind === 'motor' ? motor.angle : null;
  };

  const drawMarker = (u: uPlot) => {
    const at = scrub ?? marker;
    if (at === null) return;
    const x = u.valToPos(at, 'x', true);
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = cssVar(host, '--warning');
    ctx.lineWidth = 2 * devicePixelRatio;
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  };

  const showMarker = () => {
    const angle = motorAngle();
    marker = angle === null ? null : axisAngle(angle);
    const at = scrub ?? marker;
    if (at === null) delete host.dataset.marker;
    else host.dataset.marker = at.toFixed(3);
    chart?.redraw(false, false);
  };

  const build = () => {
    chart?.destroy();
    chart = null;
    if (!plot) return;
    const series = picker.value as PlotSeries;
    const { label, unit } = PLOT_SERIES[series];
    const text = cssVar(host, '--text');
    const grid = { stroke: cssVar(host, '--rule'), width: 1 };
    chart = new uPlot(
      {
        width: Math.max(200, chartHost.clientWidth),
        height: HEIGHT,
        scales: { x: { time: false, range: [0, 360] } },
        axes: [
          { label: 'crank angle (°)', stroke: text, grid, ticks: grid },
          { label: unit, stroke: text, grid, ticks: grid, size: 60 },
        ],
        series: [{ label: 'crank angle (°)' }, { label, stroke: cssVar(host, '--accent'), width: 1.5 }],
        cursor: { drag: { x: false, y: false, setScale: false } },
        legend: { show: false },
        hooks: { draw: [drawMarker] },
      },
      plotColumns(plot.samples, series),
      chartHost,
    );
    listenForScrub(chart);
    showMarker();
  };

  /** Press and drag on the plot: the marker follows; the release sets the motor's angle there (one edit). */
  const listenForScrub = (u: uPlot) => {
    const over = u.over;
    const at = (e: PointerEvent) => {
      const x = e.clientX - over.getBoundingClientRect().left;
      return Math.min(360, Math.max(0, u.posToVal(x, 'x')));
    };
    over.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      over.setPointerCapture(e.pointerId);
      scrub = at(e);
      showMarker();
    });
    over.addEventListener('pointermove', (e) => {
      if (scrub === null) return;
      scrub = at(e);
      showMarker();
    });
    over.addEventListener('pointerup', (e) => {
      if (scrub === null) return;
      const degrees = at(e);
      scrub = null;
      const current = motorAngle();
      if (plot && current !== null)
        editor.commit({ type: 'set', id: plot.motor, field: 'angle', value: scrubAngle(degrees, current) });
      showMarker();
    });
  };

  const analyse = () => {
    if (host.hidden) return;
    subject = plotSubject(editor);
    const ask = ++asked;
    if (!subject) {
      plot = null;
      setText(subjectText, '');
      setText(message, 'Select a point (or one curve: its middle) to plot its motion over a motor cycle');
      build();
      return;
    }
    const name = displayNames(editor.mirror.drawing).get(subject.curve) ?? subject.curve;
    setText(subjectText, subject.u === 0.5 ? `${name}, middle` : name);
    api.analyzePoint({ ...subject, samples: PLOT_SAMPLES }).then(
      (answer) => {
        if (ask !== asked) return;
        plot = answer;
        const undefinedCount = answer.samples.filter((s) => s.note !== undefined).length;
        setText(
          message,
          undefinedCount === 0
            ? ''
            : `${undefinedCount} of ${answer.samples.length} samples undefined: ${answer.samples.find((s) => s.note)!.note}`,
        );
        build();
      },
      (error: unknown) => {
        if (ask !== asked) return;
        plot = null;
        setText(message, userMessage(error, editor.mirror.drawing));
        build();
      },
    );
  };

  const exportCsv = () => {
    if (plot && subject)
      download(`${subject.curve}.csv`, new Blob([samplesCsv(plot.samples)], { type: 'text/csv' }));
  };
  const exportPng = () => {
    const target = subject;
    chart?.ctx.canvas.toBlob((blob) => {
      if (blob && target) download(`${target.curve}-${picker.value}.png`, blob);
    }, 'image/png');
  };

  const toggle = () => {
    host.hidden = !host.hidden;
    if (host.hidden) {
      chart?.destroy();
      chart = null;
    } else analyse();
  };

  picker.value = 'speed';
  picker.addEventListener('change', build);
  new ResizeObserver(() => {
    if (chart && chartHost.clientWidth > 0) chart.setSize({ width: chartHost.clientWidth, height: HEIGHT });
  }).observe(chartHost);
  editor.subscribe((change) => {
    if (host.hidden) return;
    if (change.structure || change.selection) return analyse();
    if (change.answer) showMarker();
  });
  return { toggle };
}
