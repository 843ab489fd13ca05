// A plot as an SVG image, written from the sampled data: the frame, the ticks and their values on both axes, the
// axis labels, a title, and the series as polylines (one per run of defined samples: an undefined sample is a gap,
// as on screen). uPlot cannot give one: it draws on a <canvas> only, so all it can export is the bitmap (the PNG
// export), and a vector image has to be drawn again from the numbers.

import { escapeXml } from '../../shared/xml-text';

export interface PlotImage {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Ascending x values and the series' values beside them (null: a gap). */
  xs: readonly number[];
  ys: readonly (number | null)[];
  /** The x axis's range (the y axis fits the values). */
  xRange: [number, number];
  width?: number;
  height?: number;
  /** The series' stroke colour (CSS). */
  stroke?: string;
}

/** The plot area's margins, px: room for the tick values and the labels. */
const MARGIN = { left: 70, right: 20, top: 30, bottom: 50 };
const TICKS = 6;

/** About `count` round tick values (1, 2 or 5 × 10ⁿ apart) covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = TICKS): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** The y range: the defined values' extent, padded by 5 %, never empty. */
function yRange(ys: readonly (number | null)[]): [number, number] {
  const defined = ys.filter((y): y is number => y !== null && Number.isFinite(y));
  if (defined.length === 0) return [0, 1];
  let lo = Math.min(...defined);
  let hi = Math.max(...defined);
  const pad = hi > lo ? 0.05 * (hi - lo) : Math.max(1, Math.abs(lo)) * 0.05;
  lo -= pad;
  hi += pad;
  return [lo, hi];
}

const fmt = (v: number) => Number(v.toPrecision(6)).toString();
const px = (v: number) => Number(v.toFixed(2)).toString();

export function plotSvg(image: PlotImage): string {
  const width = image.width ?? 800;
  const height = image.height ?? 360;
  const stroke = image.stroke ?? '#1f6feb';
  const [x0, x1] = image.xRange;
  const [y0, y1] = yRange(image.ys);
  const left = MARGIN.left;
  const right = width - MARGIN.right;
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const sx = (x: number) => left + ((x - x0) / (x1 - x0 || 1)) * (right - left);
  const sy = (y: number) => bottom - ((y - y0) / (y1 - y0 || 1)) * (bottom - top);

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(image.title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="white"/>`,
    `<text class="title" x="${px((left + right) / 2)}" y="18" text-anchor="middle">${escapeXml(image.title)}</text>`,
  ];
  // Grid and ticks.
  out.push('<g class="x-ticks" stroke="#ddd" text-anchor="middle">');
  for (const t of niceTicks(x0, x1)) {
    const x = px(sx(t));
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}"/>`);
    out.push(`<text x="${x}" y="${bottom + 16}" stroke="none" fill="black">${fmt(t)}</text>`);
  }
  out.push('</g>');
  out.push('<g class="y-ticks" stroke="#ddd" text-anchor="end">');
  for (const t of niceTicks(y0, y1)) {
    const y = px(sy(t));
    out.push(`<line x1="${left}" y1="${y}" x2="${right}" y2="${y}"/>`);
    out.push(`<text x="${left - 6}" y="${y}" dy="4" stroke="none" fill="black">${fmt(t)}</text>`);
  }
  out.push('</g>');
  // The frame and the axis labels.
  out.push(
    `<rect class="frame" x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="black"/>`,
    `<text class="x-label" x="${px((left + right) / 2)}" y="${height - 12}" text-anchor="middle">${escapeXml(image.xLabel)}</text>`,
    `<text class="y-label" transform="translate(16 ${px((top + bottom) / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(image.yLabel)}</text>`,
  );
  // The series: one polyline per run of defined values.
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0)
      out.push(
        `<polyline class="series" fill="none" stroke="${escapeXml(stroke)}" stroke-width="1.5" points="${run.join(' ')}"/>`,
      );
    run = [];
  };
  image.xs.forEach((x, i) => {
    const y = image.ys[i];
    if (y === null || !Number.isFinite(y)) return flush();
    run.push(`${px(sx(x))},${px(sy(y))}`);
  });
  flush();
  out.push('</svg>');
  return out.join('\n') + '\n';
}
