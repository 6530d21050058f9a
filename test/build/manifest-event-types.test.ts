/**
 * The manifest's event types come from the declarations' HTMLElementEventMap
 * augmentation, spelled out and limited to names the package entry exports.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type EventfulManifest,
  eventTypes,
  withEventTypes,
} from '../../scripts/manifest-event-types.js';

const EVENTS_DTS = `export interface LoadDetail { data: unknown }
export interface FailDetail { code: string }
interface Hidden { x: number }
export type LoadEvent = CustomEvent<LoadDetail>;
declare global {
  interface HTMLElementEventMap {
    'x-load': LoadEvent;
    'x-fail': CustomEvent<FailDetail>;
    'x-ping': Event;
  }
}
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aivis-events-'));
  await mkdir(join(dir, 'internal'), { recursive: true });
  await writeFile(join(dir, 'internal/events.d.ts'), EVENTS_DTS);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (text: string) => ({ path: 'types/index.d.ts', packageName: 'pkg', text });

describe('eventTypes', () => {
  it('reads each event map entry, spells an alias out and references the exported names it uses', async () => {
    const types = await eventTypes(
      dir,
      entry(`export type { LoadDetail, FailDetail } from './internal/events.js';\n`),
    );
    expect(types.get('x-load')).toEqual({
      text: 'CustomEvent<LoadDetail>',
      references: [{ name: 'LoadDetail', package: 'pkg' }],
    });
    expect(types.get('x-fail')?.text).toBe('CustomEvent<FailDetail>');
    // The platform's own types need no reference.
    expect(types.get('x-ping')).toEqual({ text: 'Event', references: [] });
  });

  it('refuses a type whose names the entry does not export', async () => {
    await writeFile(
      join(dir, 'internal/more.d.ts'),
      `declare global { interface HTMLElementEventMap { 'x-hidden': CustomEvent<Hidden> } }\ninterface Hidden { x: number }\nexport {};\n`,
    );
    await expect(
      eventTypes(
        dir,
        entry(`export type { LoadDetail, FailDetail } from './internal/events.js';\n`),
      ),
    ).rejects.toThrow(
      /'x-hidden' \(CustomEvent<Hidden>\) uses Hidden, which types\/index.d.ts does not export/,
    );
  });
});

describe('withEventTypes', () => {
  const types = new Map([['x-load', { text: 'CustomEvent<LoadDetail>' }]]);

  it('puts the type on every event of every declaration', () => {
    const manifest = withEventTypes<EventfulManifest>(
      {
        modules: [{ declarations: [{ name: 'XA', events: [{ name: 'x-load' }] }, { name: 'XB' }] }],
      },
      types,
    );
    expect(manifest.modules[0]!.declarations![0]!.events![0]!.type?.text).toBe(
      'CustomEvent<LoadDetail>',
    );
  });

  it('fails on an event the declarations do not type, instead of leaving it untyped', () => {
    expect(() =>
      withEventTypes(
        { modules: [{ declarations: [{ name: 'XA', events: [{ name: 'x-gone' }] }] }] },
        types,
      ),
    ).toThrow(/XA fires 'x-gone'/);
  });
});
