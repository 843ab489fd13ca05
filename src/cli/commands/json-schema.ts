// `json-schema [-o file]`: prints the JSON Schema of the file format, generated from the loader's own schema
// (docs/curvewright.schema.json is this output).

import { writeFileAtomic } from '../../document/file-io';
import { fileJsonSchemaText } from '../../document/json-schema';
import { UsageError, parseArgs, stringOption } from '../args';
import type { CliCommand } from './command';

export const jsonSchemaCommand: CliCommand = {
  name: 'json-schema',
  usage: 'json-schema [-o file]',
  summary: 'print the JSON Schema (draft 2020-12) of the .curvewright format',
  help: ['Options:', '  -o, --out <file>   write it to this file instead of standard output'].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, { out: { kind: 'string', aliases: ['-o'] } });
    if (args.positionals.length) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const out = stringOption(args, 'out');
    if (out === undefined) io.write(fileJsonSchemaText());
    else io.out(`wrote ${await writeFileAtomic(out, fileJsonSchemaText())}`);
    return 0;
  },
};
