/**
 * A second writer of the link file, in a process of its own: the `share`
 * command (its own code path, shareCommand) making links one after another
 * from the settings in its environment. Prints the links' ids as JSON when
 * done. Run by test/proxy/agencies/share-file.test.ts.
 */
import { shareCommand } from '../../../scripts/share.js';

const count = Number(process.argv[2]);
const ids: string[] = [];
for (let index = 0; index < count; index += 1) {
  const out: string[] = [];
  const code = await shareCommand(
    ['create', '--project', '1001', '--expires', '30d', '--label', `Writer ${index}`],
    process.env,
    { out: (text) => out.push(text), err: (text) => process.stderr.write(text), now: Date.now },
  );
  if (code !== 0) process.exit(code);
  ids.push(/\/s\/([a-z2-7]{10})\./.exec(out.join(''))![1]!);
}
process.stdout.write(JSON.stringify(ids));
