// Child process for the recovery tests: another instance of the app, as far as recovery goes. It writes the
// recovery copy of one drawing into its own instance folder, prints its instance id, and stays alive until the
// test kills it with SIGKILL (a crash) or leaves it running (a live second instance).
//
// argv: <recovery root> <drawing title> <the drawing's own file, or "-">

import { emptyDrawing } from '../../shared/drawing';
import { RecoveryFolder } from '../recovery';

const [root, title, document] = process.argv.slice(2);

async function main() {
  const folder = new RecoveryFolder(root);
  const drawing = emptyDrawing();
  drawing.meta.title = title;
  drawing.curves.push({ kind: 'circle', id: 'c', center: [1, 2], radius: 3 });
  await folder.write('window-1', drawing, document === '-' ? null : document);
  process.stdout.write(`${folder.id}\n`);
  setInterval(() => undefined, 60_000);
}
main().catch((error) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
