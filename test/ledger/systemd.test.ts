/**
 * The snapshot's systemd units (examples/intranet-nginx/systemd, docs/ledger.md)
 * pass systemd-analyze and run the CLI with the environment the CLI reads.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FOLDER = 'examples/intranet-nginx/systemd';

describe('the snapshot timer', () => {
  it('passes systemd-analyze verify and starts the snapshot command daily', () => {
    const verify = spawnSync(
      'systemd-analyze',
      ['verify', `${FOLDER}/aivis-snapshot.service`, `${FOLDER}/aivis-snapshot.timer`],
      { encoding: 'utf8' },
    );
    expect(verify.error, 'systemd-analyze (Debian package systemd; .ci/run installs it)').toBe(
      undefined,
    );
    // verify warns that /opt/aivis is not installed here; nothing else.
    const complaints = `${verify.stdout}${verify.stderr}`
      .split('\n')
      .filter((line) => line.trim() && !line.includes('/opt/aivis'));
    expect(complaints).toEqual([]);
    const unit = readFileSync(`${FOLDER}/aivis-snapshot.service`, 'utf8');
    expect(unit).toMatch(/^ExecStart=.* \/opt\/aivis\/scripts\/aivis\.ts snapshot$/m);
    const env = readFileSync(`${FOLDER}/aivis-snapshot.env`, 'utf8');
    for (const name of ['AIVIS_BASE_URL', 'AIVIS_TOKEN', 'AIVIS_LEDGER'])
      expect(env).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(readFileSync(`${FOLDER}/aivis-snapshot.timer`, 'utf8')).toMatch(/^OnCalendar=/m);
  });
});
