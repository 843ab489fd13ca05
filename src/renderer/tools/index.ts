// Every tool, in toolbar order.

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
import type { Tool } from './tool';

export function createTools(editor: EditorContext): Tool[] {
  return [
    new SelectTool(editor),
    new PointTool(editor),
    new SegmentTool(editor),
    new BarTool(editor),
    new CircleTool(editor),
    new ArcTool(editor),
    new EllipseTool(editor),
    new BezierTool(editor),
    new SplineTool(editor),
    new PinTool(editor),
    new AttachTool(editor),
    new MotorTool(editor),
    new SpringTool(editor),
    new TraceTool(editor),
  ];
}

export type { Tool, ToolId, PointerInput, KeyInput } from './tool';
