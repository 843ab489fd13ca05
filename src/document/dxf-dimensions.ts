import type { DxfWriter } from '@tarikjabiri/dxf';
import type { Drawing } from '../shared/drawing';

export function dxfDimensions(_dxf: DxfWriter, _drawing: Drawing): void {}
