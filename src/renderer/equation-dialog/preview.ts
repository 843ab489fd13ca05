// Draws the preview geometry on a 2D canvas: the curve, a filled dot at u0 and a ring at u1.

import type { PreviewGeometry } from './preview-geometry';

export function drawPreview(
  canvas: HTMLCanvasElement,
  geometry: PreviewGeometry | null,
  message: string,
  stale: boolean,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = canvas.width / Math.max(1, canvas.clientWidth || canvas.width);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const w = canvas.width / ratio;
  const h = canvas.height / ratio;
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = '#fbfaf7';
  ctx.fillRect(0, 0, w, h);
  if (geometry && geometry.points.length > 0) {
    const pts = geometry.points;
    ctx.strokeStyle = stale ? '#b8bcc4' : '#2f6fdb';
    ctx.lineWidth = 1.5;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i][0], pts[i][1]);
    if (geometry.closed) ctx.closePath();
    ctx.stroke();
    if (!stale) {
      const [sx, sy] = pts[0];
      const [ex, ey] = pts[pts.length - 1];
      ctx.fillStyle = '#2f9e44';
      ctx.beginPath();
      ctx.arc(sx, sy, 3.5, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = '#d9480f';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(ex, ey, 4.5, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
  if (message) {
    ctx.fillStyle = '#7b8794';
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(message, w / 2, h - 8);
  }
}
