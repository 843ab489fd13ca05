// Curves of the user's own equations: the expression language, its compiler with automatic differentiation,
// the equation curve model the engine builds for kind 'equation', and the presets.

export { compileDefinition, CompiledDefinition, DefinitionEvaluator, MAX_PARAMS } from './definition';
export type { CompileResult } from './definition';
export { formatDefinitionError, ExprSyntaxError } from './errors';
export type { DefinitionError } from './errors';
export { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH, parseExpression } from './parser';
export { FUNCTIONS, CONSTANTS, isReservedName } from './builtins';
export { createEquationCurve, EquationCurveModel, equationParamValues } from './equation-curve';
export { validateDefinition, findNonFinite, findOpenEnds, formatU, VALIDATION_SAMPLES } from './validate';
export { samplePolyline, closestParameter } from './sampling';
export type { PositionFn } from './sampling';
export { EQUATION_PRESETS, presetDefinition } from './presets';
export { evaluateConstant, evaluateExpression, expressionNames } from './constant';
export type { ConstantResult, NameUse } from './constant';
