/**
 * Each engine runs everything on one connection, where a transaction is a
 * state of the connection (ledger/driver.ts, oneAtATime): a statement another
 * caller sends while a day is being completed must neither run inside that
 * transaction nor be rolled back with it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../ledger/store.js';
import { storedBody, temporaryFolder } from './fixtures.js';
import { ledgerLocations } from './stores.js';

const temp = temporaryFolder();
afterAll(() => temp.remove());

const DAY = '2026-11-16';
describe.each(ledgerLocations())('one caller at a time in $engine', ({ location: make }) => {
  it("keeps a body stored while a day's completion fails and rolls back", async () => {
    const store = await openLedger(await make(temp.folder));
    try {
      await store.beginDay(1001, DAY);
      // A completion that fails after its transaction has begun (a score the column refuses).
      const failing = store.completeDay(
        1001,
        DAY,
        { rows: { daily_score: [{ score: 'not a number' }] }, answers: [] },
        '2026-11-16T05:00:00Z',
      );
      // Sent meanwhile by another caller: on the shared connection it would join that transaction.
      const stored = store.putBody(
        1001,
        DAY,
        storedBody('/api/v1/projects/1001', '{"data":[]}', `${DAY}T04:00:00Z`),
      );
      const [completion, put] = await Promise.allSettled([failing, stored]);
      expect(completion.status).toBe('rejected');
      expect(put.status).toBe('fulfilled');
      expect([...(await store.storedRequests(1001, DAY))]).toEqual(['/api/v1/projects/1001']);
      expect(await store.dayStatus(1001, DAY)).toBe('partial');
    } finally {
      await store.close();
    }
  });

  it('answers a reader who asks during a completion once it has ended, never with half of it', async () => {
    const store = await openLedger(await make(temp.folder));
    try {
      await store.beginDay(1001, DAY);
      const completing = store.completeDay(
        1001,
        DAY,
        { rows: {}, answers: [] },
        '2026-11-16T05:00:00Z',
      );
      const seen = store.dayStatus(1001, DAY);
      await completing;
      expect(await seen).toBe('complete');
    } finally {
      await store.close();
    }
  });
});
