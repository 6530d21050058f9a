/** Runs the sandbox on its own thread, so the test thread can block in Atomics.wait while it answers. */
import { parentPort, workerData } from 'node:worker_threads';
import type { DriftName } from '../../sandbox/data/drift.js';
import { type StartSandboxOptions, startSandbox } from '../../sandbox/server.js';
import { RESHAPE_VARIANTS, startReshaper } from '../reshape/reshape.js';

const port = parentPort!;
// The drift step the test thread moves the data to between two runs of the add-on.
let drift: DriftName = 'baseline';
const sandbox = await startSandbox({ ...(workerData as StartSandboxOptions), drift: () => drift });
const reshapers: Array<{ close(): Promise<void> }> = [];
port.on('message', (message: { type: string; id: number; drift?: DriftName }) => {
  if (message.type === 'drift' && message.drift) {
    drift = message.drift;
    port.postMessage({ id: message.id, value: drift });
  } else if (message.type === 'log') {
    port.postMessage({ id: message.id, value: sandbox.requestLog });
  } else if (message.type === 'reshapers') {
    // Reshapers live on this thread too: the test thread blocks while the add-on waits for them.
    void Promise.all(
      RESHAPE_VARIANTS.map(async (variant) => {
        const reshaper = await startReshaper(sandbox.baseUrl, variant);
        reshapers.push(reshaper);
        return [variant, reshaper.baseUrl] as const;
      }),
    ).then((urls) => port.postMessage({ id: message.id, value: Object.fromEntries(urls) }));
  } else if (message.type === 'close') {
    for (const reshaper of reshapers) void reshaper.close();
    void sandbox.close().then(() => port.postMessage({ id: message.id }));
  }
});
port.postMessage({ type: 'ready', address: sandbox.baseUrl });
