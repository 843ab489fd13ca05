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
import { SelectTool } from './select';
import type { Tool, ToolId } from './tool';

/** A Record over every tool action: one without a tool does not compile. */
const TOOLS: Record<ToolId, new (editor: EditorContext) => Tool> = {
  select: SelectTool,
  point: PointTool,
  segment: SegmentTool,
  bar: BarTool,
  circle: CircleTool,
  arc: ArcTool,
  ellipse: EllipseTool,
  bezier: BezierTool,
  spline: SplineTool,
  pin: PinTool,
  attach: AttachTool,
  motor: MotorTool,
  spring: SpringTool,
  trace: TraceTool,
};

export function createTools(editor: EditorContext): Tool[] {
  return TOOL_IDS.map((id) => new TOOLS[id](editor));
}

export type { Tool, ToolId, PointerInput, KeyInput } from './tool';
