// Test support: a DXF file read back by an independent reader, Debian's ezdxf (python3-ezdxf, through
// /usr/bin/python3: pyenv's python3 has no ezdxf), with test/support/dxf-read.py: its audit, its header, and every
// entity's geometry as ezdxf reads and evaluates it.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Vec2 } from '../../shared/drawing';

const PYTHON = '/usr/bin/python3';
const READER = fileURLToPath(new URL('../../../test/support/dxf-read.py', import.meta.url));

export interface EzdxfEntity {
  type: string;
  layer: string;
  handle: string;
  trueColor?: number;
  at?: Vec2;
  start?: Vec2;
  end?: Vec2;
  center?: Vec2;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  startPoint?: Vec2;
  endPoint?: Vec2;
  majorAxis?: Vec2;
  ratio?: number;
  startParam?: number;
  endParam?: number;
  degree?: number;
  controlPoints?: Vec2[];
  knots?: number[];
  params?: number[];
  samples?: Vec2[];
  points?: Vec2[];
  closed?: boolean;
  dimtype?: number;
  block?: string;
  text?: string;
  defpoint?: Vec2;
  defpoint2?: Vec2;
  defpoint3?: Vec2;
  defpoint4?: Vec2;
  defpoint5?: Vec2;
  measurement?: number;
  measurementError?: string;
  blockEntities?: string[] | null;
}

export interface EzdxfReading {
  ezdxf: string;
  audit: { errors: string[]; fixes: string[] };
  header: { acadver: string; insunits: number; measurement: number };
  layers: string[];
  entities: EzdxfEntity[];
}

/** The DXF text as ezdxf reads it (written to a temporary file, removed after). */
export function readWithEzdxf(dxf: string, samples = 9): EzdxfReading {
  const dir = mkdtempSync(join(tmpdir(), 'cw-dxf-'));
  try {
    const file = join(dir, 'drawing.dxf');
    writeFileSync(file, dxf);
    const json = execFileSync(PYTHON, [READER, file, String(samples)], { encoding: 'utf8' });
    return JSON.parse(json) as EzdxfReading;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
