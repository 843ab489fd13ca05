// Every benchmark case, in run order. To add one: write bench/cases/<family>.ts exporting a BenchCase
// (bench/types.ts) and append it here.
import type { BenchCase } from '../types';
import { analyzeCase } from './analyze';
import { chainCase } from './chain';
import { diagnoseChainCase, diagnoseFourBarsCase, diagnoseSketchCase, diagnoseStarCase } from './diagnosis';
import { dragFrameCase, dragFrameSketchCase } from './drag-frame';
import { editorFrameCase, editorFrameDataCase, editorFrameSketchCase } from './editor-frame';
import { exprCase } from './expr';
import { firstDragCase } from './first-drag';
import { fourBarsCase } from './fourbars';
import { openFreeCase, openPinnedCase, openStackedCases } from './open-big';
import { openHugeCase } from './open-huge';
import { mainStallCase } from './main-stall';
import { longSplineCase } from './long-spline';
import { splinesCase } from './splines';
import { sparseCase } from './sparse';
import { svgImportCase, svgImportDragCase } from './svg-import';
import { csvPointsCase } from './csv-points';
import { dxfImportCase } from './dxf-import';
import { referenceImageCase } from './reference-image';
import { snakeCase } from './snake';
import { fitCase, fitDragCase } from './fit';
import { parametersCase } from './parameters';

export const cases: BenchCase[] = [
  sparseCase,
  chainCase,
  fourBarsCase,
  splinesCase,
  longSplineCase,
  dragFrameCase,
  dragFrameSketchCase,
  editorFrameCase,
  editorFrameSketchCase,
  editorFrameDataCase,
  firstDragCase,
  exprCase,
  diagnoseChainCase,
  diagnoseFourBarsCase,
  diagnoseStarCase,
  diagnoseSketchCase,
  analyzeCase,
  openHugeCase,
  openFreeCase,
  openPinnedCase,
  ...openStackedCases,
  mainStallCase,
  svgImportCase,
  svgImportDragCase,
  csvPointsCase,
  dxfImportCase,
  referenceImageCase,
  snakeCase,
  fitCase,
  fitDragCase,
  parametersCase,
];
