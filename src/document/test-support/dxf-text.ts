// Test support: small DXF files written by hand, group by group: an entity is its type and [code, value] pairs;
// a file is a header ($INSUNITS when given), blocks and entities, as AutoCAD lays them out.

export type Groups = [number, string | number][];

export interface Entity {
  type: string;
  groups?: Groups;
}

const lines = (groups: Groups) => groups.map(([c, v]) => `${c}\n${v}`).join('\n');

export const entity = (type: string, ...groups: Groups): Entity => ({ type, groups });

const entityText = (e: Entity) => lines([[0, e.type], ...(e.groups ?? [])]);

export interface DxfParts {
  /** $INSUNITS; absent: no such variable. */
  insunits?: number;
  /** LAYER table entries: name, flags (1: frozen), colour (negative: off). */
  layers?: { name: string; flags: number; color: number }[];
  blocks?: { name: string; base?: [number, number]; entities: Entity[] }[];
  entities: Entity[];
}

export function dxfText({ insunits, layers = [], blocks = [], entities }: DxfParts): string {
  const out: string[] = [];
  out.push(
    lines([
      [0, 'SECTION'],
      [2, 'HEADER'],
    ]),
  );
  if (insunits !== undefined)
    out.push(
      lines([
        [9, '$INSUNITS'],
        [70, insunits],
      ]),
    );
  out.push(lines([[0, 'ENDSEC']]));
  if (layers.length) {
    out.push(
      lines([
        [0, 'SECTION'],
        [2, 'TABLES'],
        [0, 'TABLE'],
        [2, 'LAYER'],
        [70, layers.length],
      ]),
    );
    for (const l of layers)
      out.push(
        lines([
          [0, 'LAYER'],
          [2, l.name],
          [70, l.flags],
          [62, l.color],
          [6, 'CONTINUOUS'],
        ]),
      );
    out.push(
      lines([
        [0, 'ENDTAB'],
        [0, 'ENDSEC'],
      ]),
    );
  }
  out.push(
    lines([
      [0, 'SECTION'],
      [2, 'BLOCKS'],
    ]),
  );
  for (const b of blocks) {
    const [x, y] = b.base ?? [0, 0];
    out.push(
      lines([
        [0, 'BLOCK'],
        [8, '0'],
        [2, b.name],
        [70, 0],
        [10, x],
        [20, y],
        [30, 0],
      ]),
    );
    for (const e of b.entities) out.push(entityText(e));
    out.push(lines([[0, 'ENDBLK']]));
  }
  out.push(lines([[0, 'ENDSEC']]));
  out.push(
    lines([
      [0, 'SECTION'],
      [2, 'ENTITIES'],
    ]),
  );
  for (const e of entities) out.push(entityText(e));
  out.push(
    lines([
      [0, 'ENDSEC'],
      [0, 'EOF'],
    ]),
  );
  return out.join('\n') + '\n';
}

export const line = (a: [number, number], b: [number, number], ...more: Groups) =>
  entity('LINE', [10, a[0]], [20, a[1]], [11, b[0]], [21, b[1]], ...more);
