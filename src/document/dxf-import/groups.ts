// A text DXF file as its groups (a code line, then a value line), gathered into what the import reads: the
// header's variables, the blocks (name, base point, entities) and the model space's entities, each entity with its
// groups and the line it starts on, and a POLYLINE's VERTEXes or an INSERT's ATTRIBs after it up to their SEQEND.
// Of the tables, which layers are hidden (off or frozen); classes and objects are passed over. A file that is not a text DXF, or whose structure is broken, throws
// one line saying where.

import { ImportError } from '../import-geometry/records';

export interface Group {
  code: number;
  value: string;
  /** The line of the code, counting from 1. */
  line: number;
}

export interface DxfEntity {
  type: string;
  /** The line of its `0` group. */
  line: number;
  groups: Group[];
  /** A POLYLINE's VERTEXes, an INSERT's ATTRIBs. */
  children: DxfEntity[];
}

export interface DxfBlock {
  name: string;
  header: DxfEntity;
  entities: DxfEntity[];
}

export interface DxfFile {
  /** Each header variable ($INSUNITS …) and its groups. */
  header: Map<string, Group[]>;
  /** The layers that are off (a negative colour) or frozen (flag 1), by name in upper case. */
  hiddenLayers: Set<string>;
  blocks: Map<string, DxfBlock>;
  entities: DxfEntity[];
}

const BINARY = 'AutoCAD Binary DXF';
const CODE = /^\s*-?\d{1,4}\s*$/;

/** The file's groups; a code line that is no number is the first error it can have. */
export function dxfGroups(text: string): Group[] {
  if (text.startsWith(BINARY))
    throw new ImportError('this is a binary DXF file, which is not supported: save it as a text (ASCII) DXF');
  const lines = text.split(/\r\n|\r|\n/);
  // A last line break leaves an empty last "line".
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const groups: Group[] = [];
  for (let i = 0; i < lines.length; i += 2) {
    if (!CODE.test(lines[i]))
      throw new ImportError(
        `line ${i + 1}: expected a group code (a whole number), got "${lines[i].trim().slice(0, 30)}"`,
      );
    if (i + 1 === lines.length)
      throw new ImportError(`line ${i + 1}: the file ends after a group code, without its value`);
    groups.push({ code: Number(lines[i]), value: lines[i + 1].trim(), line: i + 1 });
  }
  return groups;
}

class Reader {
  i = 0;
  constructor(readonly groups: Group[]) {}

  get done(): boolean {
    return this.i >= this.groups.length;
  }

  peek(): Group {
    return this.groups[this.i];
  }

  /** One entity (or BLOCK, ENDBLK …) from its 0 group to the next. */
  entity(): DxfEntity {
    const start = this.groups[this.i++];
    const groups: Group[] = [];
    while (!this.done && this.peek().code !== 0) groups.push(this.groups[this.i++]);
    return { type: start.value.toUpperCase(), line: start.line, groups, children: [] };
  }

  /** The entities up to (not including) a 0 group with one of `ends`' values, followers gathered. */
  entities(ends: string[], where: string): DxfEntity[] {
    const out: DxfEntity[] = [];
    for (;;) {
      if (this.done) throw new ImportError(`the file ends inside ${where}: it is cut short`);
      if (ends.includes(this.peek().value.toUpperCase())) return out;
      const e = this.entity();
      if (e.type === 'POLYLINE' || (e.type === 'INSERT' && flagOf(e, 66) === 1)) {
        while (!this.done && ['VERTEX', 'ATTRIB'].includes(this.peek().value.toUpperCase()))
          e.children.push(this.entity());
        if (!this.done && this.peek().value.toUpperCase() === 'SEQEND') this.entity();
      }
      out.push(e);
    }
  }
}

function flagOf(e: DxfEntity, code: number): number {
  const g = e.groups.find((x) => x.code === code);
  return g ? Number(g.value) : 0;
}

function header(r: Reader, into: Map<string, Group[]>): void {
  let name: string | null = null;
  while (!r.done && r.peek().code !== 0) {
    const g = r.groups[r.i++];
    if (g.code === 9) into.set((name = g.value.toUpperCase()), []);
    else if (name !== null) into.get(name)!.push(g);
  }
}

function blocks(r: Reader, into: Map<string, DxfBlock>): void {
  for (;;) {
    if (r.done) throw new ImportError('the file ends inside its BLOCKS section: it is cut short');
    const type = r.peek().value.toUpperCase();
    if (type === 'ENDSEC') return;
    const head = r.entity();
    if (type !== 'BLOCK') continue;
    const entities = r.entities(['ENDBLK', 'ENDSEC'], `the block starting on line ${head.line}`);
    if (r.peek().value.toUpperCase() === 'ENDBLK') r.entity();
    const name = head.groups.find((g) => g.code === 2)?.value ?? '';
    into.set(name.toUpperCase(), { name, header: head, entities });
  }
}

/** The TABLES section's LAYER entries that are off or frozen. */
function hiddenLayers(r: Reader, into: Set<string>): void {
  while (!r.done && !(r.peek().code === 0 && r.peek().value.toUpperCase() === 'ENDSEC')) {
    if (r.peek().code !== 0) {
      r.i++;
      continue;
    }
    const e = r.entity();
    if (e.type !== 'LAYER') continue;
    const value = (code: number) => e.groups.find((g) => g.code === code)?.value;
    const name = value(2);
    if (name !== undefined && (Number(value(62) ?? 0) < 0 || (Number(value(70) ?? 0) & 1) === 1))
      into.add(name.toUpperCase());
  }
}

/** The file's header, blocks and entities (see the top). */
export function readDxf(text: string): DxfFile {
  const groups = dxfGroups(text);
  const first = groups.find((g) => g.code !== 999);
  if (!first || first.code !== 0 || first.value.toUpperCase() !== 'SECTION')
    throw new ImportError('not a DXF file: it does not begin with a SECTION');
  const file: DxfFile = { header: new Map(), hiddenLayers: new Set(), blocks: new Map(), entities: [] };
  const r = new Reader(groups.filter((g) => g.code !== 999));
  while (!r.done) {
    const g = r.groups[r.i++];
    if (g.code !== 0) throw new ImportError(`line ${g.line}: expected a SECTION or EOF, got group ${g.code}`);
    const what = g.value.toUpperCase();
    if (what === 'EOF') break;
    if (what !== 'SECTION')
      throw new ImportError(`line ${g.line}: expected a SECTION or EOF, got ${g.value}`);
    const name = r.done ? '' : r.groups[r.i++];
    if (!name || name.code !== 2) throw new ImportError(`line ${g.line}: a SECTION without its name`);
    const section = name.value.toUpperCase();
    if (section === 'HEADER') header(r, file.header);
    else if (section === 'TABLES') hiddenLayers(r, file.hiddenLayers);
    else if (section === 'BLOCKS') blocks(r, file.blocks);
    else if (section === 'ENTITIES') file.entities.push(...r.entities(['ENDSEC'], 'its ENTITIES section'));
    // Any other section (CLASSES, OBJECTS, THUMBNAILIMAGE): passed over.
    while (!r.done && !(r.peek().code === 0 && r.peek().value.toUpperCase() === 'ENDSEC')) r.i++;
    if (r.done) throw new ImportError(`the file ends inside its ${section} section: it is cut short`);
    r.i++;
  }
  return file;
}
