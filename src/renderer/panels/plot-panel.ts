// The Plot panel (View ▸ Plot): over one cycle of the running motor (or chosen seconds of it), the selected point's
// x, y, speed |v| or acceleration |a|, a selected bar's angle and angular velocity (beside its middle's), and, when
// the drawing is a four-bar, its transmission angle; against the crank angle or against time (uPlot). The point: a
// selected point curve, or the middle (u = 0.5) of the one selected curve. The samples come from the session
// (`analysis:point`, `analysis:bar`, `analysis:four-bar`, each on a copy of the drawing). A four-bar's Grashof class
// and transmission angle extremes are shown above the plot (the status bar names them too, and the canvas marks its
// toggles and dead centres, whether the panel is open or not: four-bar-status.ts). While Play runs, a vertical marker follows the motor's angle (play frames carry it); a
// press-and-drag on the plot scrubs: the marker follows the cursor, and on release the motor's angle is set there
// (one undoable edit, the mechanism settling into that pose). CSV (the samples), PNG (the chart's canvas) and SVG
// (drawn from the samples: plot-svg.ts) are exported as downloads.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Api } from '../../../electron/preload/api';
import {
  BAR_COLUMNS,
  TRANSMISSION_COLUMNS,
  samplesCsv,
  tableCsv,
  type AnalysisSample,
  type BarSample,
  type FourBarAnalysis,
  type GrashofClass,
  type TimedSample,
  type TransmissionSample,
} from '../../shared/analysis-samples';
import { MAX_PLOT_SECONDS } from '../../shared/contract';
import { userMessage } from '../../shared/user-message';
import { connectorParameter } from '../../shared/connector-parameter';
import { degrees } from '../../shared/units';
import type { Editor } from '../editor/editor';
import { el, setText } from './dom';
import {
  AXIS_LABELS,
  PLOT_SERIES,
  axisRange,
  axisValue,
  extremaText,
  plotReadout,
  plotColumns,
  scrubMotorAngle,
  seriesSamples,
  type AxisFrame,
  type PlotAxis,
  type PlotSeries,
  type PlotSources,
} from './plot-data';
import { plotSvg } from './plot-svg';

/** Samples per cycle (or per the seconds chosen): one a degree. */
export const PLOT_SAMPLES = 360;
const HEIGHT = 180;

/**
 * What the panel plots: a point — a selected point curve, the middle of the one selected curve, or the point a
 * selected trace follows — and the bar; `name`, how the panel and its files call it.
 */
export interface PlotSubject {
  curve: string;
  u: number;
  name: string;
  /** The selected curve when it is a bar: its angle and angular velocity are plotted too. */
  bar?: string;
}

/** The subject of the selection, null for none, or why a selected trace's point cannot be plotted. */
export function plotSubject(editor: Editor): PlotSubject | string | null {
  if (editor.selection.size !== 1) return null;
  const [id] = editor.selection;
  const { drawing } = editor.mirror;
  const names = editor.mirror.names();
  const name = (key: string) => names.get(key) ?? key;
  const trace = drawing.traces.find((t) => t.id === id);
  if (trace) {
    const followed = drawing.curves.find((c) => c.id === trace.point.curve);
    const u = followed && connectorParameter(followed.kind, trace.point);
    if (!followed) return null;
    if (u === null || u === undefined)
      return `${name(trace.id)} follows the centre of ${name(followed.id)}, which is no point of it: trace a point of the curve to plot it`;
    return { curve: followed.id, u, name: `${name(trace.id)} (on ${name(followed.id)})` };
  }
  const curve = drawing.curves.find((c) => c.id === id);
  if (!curve) return null;
  const u = curve.kind === 'point' ? 0 : 0.5;
  return {
    curve: curve.id,
    u,
    name: u === 0.5 ? `${name(curve.id)}, middle` : name(curve.id),
    ...(curve.kind === 'bar' && { bar: curve.id }),
  };
}

/** A file name from what the user reads ("coupler point speed"), without the characters file systems refuse. */
export function plotFileName(subject: string, series: string): string {
  return `${subject} ${series}`
    .replace(/[\\/:*?"<>|,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const GRASHOF_LABELS: Record<GrashofClass, string> = {
  'crank-rocker': 'crank-rocker',
  'double-crank': 'double-crank',
  'double-rocker': 'double-rocker',
  'change-point': 'change point',
};

const inDegrees = (angle: number) => `${degrees(angle).toFixed(1)}°`;

/** The four-bar's line above the plot: its class and the transmission angle's extremes over the cycle. */
export function fourBarSummary(analysis: FourBarAnalysis): string {
  const { min, max } = analysis.transmission;
  const toggles = analysis.marks.filter((m) => m.kind === 'toggle').length;
  return (
    `Four-bar: ${GRASHOF_LABELS[analysis.grashof]}; transmission angle ${inDegrees(min)} – ${inDegrees(max)}` +
    (toggles > 0 ? `; ${toggles} toggle positions marked` : '')
  );
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

const EMPTY: PlotSources = { point: null, bar: null, fourBar: null };

export function mountPlotPanel(
  host: HTMLElement,
  editor: Editor,
  api: Pick<Api, 'analyzePoint' | 'analyzeBar' | 'analyzeFourBar'>,
): { toggle(): void } {
  host.hidden = true;
  const subjectText = el('span', { className: 'subject' });
  const picker = el('select', { data: { field: 'series' } });
  const axisPicker = el('select', { data: { field: 'axis' } });
  for (const [key, label] of Object.entries(AXIS_LABELS)) {
    const option = el('option', { text: `against ${label.replace(/ \(.*/, '')}` });
    option.value = key;
    axisPicker.append(option);
  }
  const secondsField = el('input', { data: { field: 'seconds' } });
  secondsField.type = 'number';
  secondsField.min = '0';
  secondsField.step = 'any';
  secondsField.placeholder = 'one cycle';
  secondsField.title = 'Seconds of motor time to plot (empty: one cycle)';
  const button = (action: string, text: string, title: string, run: () => void) => {
    const b = el('button', { text, title, data: { action } });
    b.type = 'button';
    b.addEventListener('click', run);
    return b;
  };
  const fourBarText = el('p', { className: 'four-bar' });
  // The value under the cursor, and the smallest and largest plotted, each with its unit.
  const readout = el('span', { className: 'readout', data: { plot: 'readout' } });
  const extrema = el('span', { className: 'extrema', data: { plot: 'extrema' } });
  const values = el('p', { className: 'values' }, readout, extrema);
  const message = el('p', { className: 'message' });
  const chartHost = el('div', { className: 'chart' });
  host.append(
    el(
      'header',
      {},
      el('h2', { text: 'Plot' }),
      subjectText,
      picker,
      axisPicker,
      secondsField,
      button('export-csv', 'CSV', 'Save the samples as CSV', () => exportCsv()),
      button('export-png', 'PNG', 'Save the plot as a PNG image', () => exportPng()),
      button('export-svg', 'SVG', 'Save the plot as an SVG image', () => exportSvg()),
      button('close', '×', 'Close the plot', () => toggle()),
    ),
    fourBarText,
    values,
    message,
    chartHost,
  );

  let sources: PlotSources = EMPTY;
  let subject: PlotSubject | string | null = null;
  /** The driving motor and what was sampled: the x axis's frame comes from them. */
  let cycle: { motor: string; rpm: number; period: number; seconds: boolean } | null = null;
  let chart: uPlot | null = null;
  /** The played pose on the x axis, and the scrub's place while the button is down. */
  let marker: number | null = null;
  let scrub: number | null = null;
  /** Answers to older requests are dropped: the selection moved on. */
  let asked = 0;

  const series = () => picker.value as PlotSeries;
  const axis = () => axisPicker.value as PlotAxis;
  /** The seconds asked for, or undefined for one cycle (only against time). */
  const seconds = (): number | undefined => {
    const value = Number(secondsField.value);
    return axis() === 'time' && secondsField.value !== '' && value > 0
      ? Math.min(value, MAX_PLOT_SECONDS)
      : undefined;
  };
  const plotted = (): readonly TimedSample[] | null => seriesSamples(series(), sources);

  const frame = (): AxisFrame | null => {
    const samples = plotted();
    if (!cycle || !samples || samples.length === 0) return null;
    return {
      axis: axis(),
      omega: (2 * Math.PI * cycle.rpm) / 60,
      period: cycle.period,
      seconds: cycle.seconds,
      start: samples[0].angle,
    };
  };

  const motorAngle = (): number | null => {
    const motor = cycle && editor.mirror.drawing.constraints.find((k) => k.id === cycle!.motor);
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
    const f = frame();
    marker = angle === null || !f ? null : axisValue(f, angle);
    const at = scrub ?? marker;
    if (at === null) delete host.dataset.marker;
    else host.dataset.marker = at.toFixed(4);
    chart?.redraw(false, false);
  };

  /** The series the analyses held allow, in the table's order; the picked one kept when it still can be. */
  const fillPicker = () => {
    const keep = picker.value;
    picker.replaceChildren();
    for (const [key, { label, unit }] of Object.entries(PLOT_SERIES)) {
      if (!seriesSamples(key as PlotSeries, sources)) continue;
      const option = el('option', { text: `${label} (${unit})` });
      option.value = key;
      picker.append(option);
    }
    const keys = [...picker.options].map((o) => o.value);
    picker.value = keys.includes(keep) ? keep : keys.includes('speed') ? 'speed' : (keys[0] ?? '');
  };

  const columns = () => {
    const samples = plotted();
    const f = frame();
    return samples && f ? { f, data: plotColumns(samples, series(), f) } : null;
  };

  const undefinedNote = () => {
    const samples = plotted() ?? [];
    const notes = samples.filter((s) => s.note !== undefined);
    return notes.length === 0
      ? ''
      : `${notes.length} of ${samples.length} samples undefined: ${notes[0].note}`;
  };

  const build = () => {
    chart?.destroy();
    chart = null;
    host.dataset.axis = axis();
    secondsField.hidden = axis() !== 'time';
    const plot = columns();
    if (!plot) return;
    const { label, unit } = PLOT_SERIES[series()];
    const text = cssVar(host, '--text');
    const grid = { stroke: cssVar(host, '--rule'), width: 1 };
    const xLabel = AXIS_LABELS[axis()];
    chart = new uPlot(
      {
        width: Math.max(200, chartHost.clientWidth),
        height: HEIGHT,
        scales: { x: { time: false, range: axisRange(plot.f) } },
        axes: [
          { label: xLabel, stroke: text, grid, ticks: grid },
          { label: unit, stroke: text, grid, ticks: grid, size: 60 },
        ],
        series: [{ label: xLabel }, { label, stroke: cssVar(host, '--accent'), width: 1.5 }],
        cursor: { drag: { x: false, y: false, setScale: false } },
        legend: { show: false },
        hooks: { draw: [drawMarker], setCursor: [showReadout] },
      },
      plot.data,
      chartHost,
    );
    setText(extrema, extremaText(series(), axis(), plot.data));
    setText(readout, '');
    listenForScrub(chart);
    showMarker();
  };

  /** The value at the sample under the cursor, with its units; nothing while the cursor is off the plot. */
  const showReadout = (u: uPlot) => {
    const index = u.cursor.idx;
    const x = index === null || index === undefined ? undefined : u.data[0][index];
    const y = index === null || index === undefined ? undefined : u.data[1][index];
    setText(readout, x === undefined || y === undefined ? '' : plotReadout(series(), axis(), x, y ?? null));
  };

  /** Press and drag on the plot: the marker follows; the release sets the motor's angle there (one edit). */
  const listenForScrub = (u: uPlot) => {
    const over = u.over;
    const at = (e: PointerEvent) => {
      const [lo, hi] = axisRange(frame()!);
      const x = e.clientX - over.getBoundingClientRect().left;
      return Math.min(hi, Math.max(lo, u.posToVal(x, 'x')));
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
      const value = at(e);
      scrub = null;
      const current = motorAngle();
      const f = frame();
      if (cycle && f && current !== null)
        editor.commit({
          type: 'set',
          id: cycle.motor,
          field: 'angle',
          value: scrubMotorAngle(f, value, current),
        });
      showMarker();
    });
  };

  const analyse = () => {
    if (host.hidden) return;
    subject = plotSubject(editor);
    const ask = ++asked;
    const sampling = { samples: PLOT_SAMPLES, ...(seconds() !== undefined && { seconds: seconds() }) };
    const refusal = typeof subject === 'string' ? subject : null;
    const target = typeof subject === 'string' ? null : subject;
    setText(subjectText, target?.name ?? '');
    const none = Promise.resolve(null);
    const answers = Promise.allSettled([
      target ? api.analyzePoint({ curve: target.curve, u: target.u, ...sampling }) : none,
      target?.bar ? api.analyzeBar({ bar: target.bar, ...sampling }) : none,
      api.analyzeFourBar(sampling),
    ]);
    void editor.client.aside(
      answers.then(([point, bar, fourBar]) => {
        if (ask !== asked || host.hidden) return;
        const value = <T>(r: PromiseSettledResult<T | null>) => (r.status === 'fulfilled' ? r.value : null);
        const p = value(point);
        const b = value(bar);
        const f = value(fourBar);
        sources = { point: p?.samples ?? null, bar: b?.samples ?? null, fourBar: f };
        const sampled = p ?? b;
        const motor = editor.mirror.drawing.constraints.find((k) => k.id === (sampled?.motor ?? f?.motor));
        const rpm = sampled?.rpm ?? (motor?.kind === 'motor' ? motor.rpm : 0);
        cycle =
          rpm === 0 || !(sampled ?? f)
            ? null
            : {
                motor: sampled?.motor ?? f!.motor,
                rpm,
                period: sampled?.period ?? sampling.seconds ?? 60 / Math.abs(rpm),
                seconds: sampling.seconds !== undefined,
              };
        setText(fourBarText, f ? fourBarSummary(f) : '');
        if (f) fourBarText.dataset.grashof = f.grashof;
        else delete fourBarText.dataset.grashof;
        fillPicker();
        const failed = [point, bar].find((r): r is PromiseRejectedResult => r.status === 'rejected');
        setText(
          message,
          refusal ??
            (failed
              ? userMessage(failed.reason, editor.mirror.drawing)
              : !target && !f
                ? 'Select a point, a trace (its point) or one curve (its middle; a bar: its angle too) to plot its ' +
                  'motion over a motor cycle'
                : undefinedNote()),
        );
        build();
      }),
    );
  };

  const fileName = () =>
    plotFileName(subject && typeof subject !== 'string' ? subject.name : 'four-bar', series());
  const exportCsv = () => {
    const source = PLOT_SERIES[series()].source;
    const text =
      source === 'point' && sources.point
        ? samplesCsv(sources.point as AnalysisSample[])
        : source === 'bar' && sources.bar
          ? tableCsv(BAR_COLUMNS, sources.bar as BarSample[])
          : sources.fourBar
            ? tableCsv(TRANSMISSION_COLUMNS, sources.fourBar.samples as TransmissionSample[])
            : null;
    if (text !== null) download(`${fileName()}.csv`, new Blob([text], { type: 'text/csv' }));
  };
  const exportPng = () => {
    const name = fileName();
    chart?.ctx.canvas.toBlob((blob) => {
      if (blob) download(`${name}.png`, blob);
    }, 'image/png');
  };
  const exportSvg = () => {
    const plot = columns();
    if (!plot) return;
    const { label, unit } = PLOT_SERIES[series()];
    const svg = plotSvg({
      title: `${subjectText.textContent || 'four-bar'}: ${label}`,
      xLabel: AXIS_LABELS[axis()],
      yLabel: `${label} (${unit})`,
      xs: plot.data[0],
      ys: plot.data[1],
      xRange: axisRange(plot.f),
    });
    download(`${fileName()}.svg`, new Blob([svg], { type: 'image/svg+xml' }));
  };

  const toggle = () => {
    host.hidden = !host.hidden;
    if (host.hidden) {
      chart?.destroy();
      chart = null;
    } else analyse();
  };

  picker.addEventListener('change', () => {
    setText(message, undefinedNote());
    build();
  });
  axisPicker.addEventListener('change', () =>
    seconds() !== undefined || cycle?.seconds ? analyse() : build(),
  );
  secondsField.addEventListener('change', analyse);
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
