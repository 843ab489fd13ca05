// Every tool, one per `tool:` action of src/shared/actions.ts, in its order (the toolbar's).

import { TOOL_IDS } from '../../shared/actions';
import type { EditorContext } from './context';
import { AttachTool, MotorTool, PinTool, SpringTool, TraceTool } from './constraint-tools';
import {
  ArcTool,
  BarTool,
  BezierTool,
  CircleTool,
  EllipseTool,
  PointTool,
  SegmentTool,
  SplineTool,
} from './curve-tools';
import { ChamferTool, FilletTool } from './corner-tools';
import { PencilTool } from './pencil-tool';
import { CalibrateImageTool } from './calibrate-image';
import { SelectTool } from './select';
import { PointsTool } from './points-tool';
import { TargetTool } from './target-tool';
import { SKETCH_KINDS, type SketchKind } from './sketch-forms';
import { sketchToolClass } from './sketch-tools';
import type { Tool, ToolId } from './tool';

type ToolClass = new (editor: EditorContext) => Tool;

const SKETCH_TOOL_CLASSES = Object.fromEntries(
  SKETCH_KINDS.map((kind) => [kind, sketchToolClass(kind)]),
) as Record<SketchKind, ToolClass>;

/** A Record over every tool action: one without a tool does not compile. */
const TOOLS: Record<ToolId, ToolClass> = {
  select: SelectTool,
  point: PointTool,
  segment: SegmentTool,
  bar: BarTool,
  circle: CircleTool,
  arc: ArcTool,
  ellipse: EllipseTool,
  bezier: BezierTool,
  spline: SplineTool,
  pencil: PencilTool,
  fillet: FilletTool,
  chamfer: ChamferTool,
  'calibrate-image': CalibrateImageTool,
  pin: PinTool,
  attach: AttachTool,
  motor: MotorTool,
  spring: SpringTool,
  trace: TraceTool,
  points: PointsTool,
  target: TargetTool,
  ...SKETCH_TOOL_CLASSES,
};

export function createTools(editor: EditorContext): Tool[] {
  return TOOL_IDS.map((id) => new TOOLS[id](editor));
}

export type { Tool, ToolId, PointerInput, KeyInput } from './tool';
