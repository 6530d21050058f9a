/** Runs the sandbox on its own thread, so the test thread can block in Atomics.wait while it answers. */
import { parentPort, workerData } from 'node:worker_threads';
import type { DriftName } from '../../sandbox/data/drift.js';
import { type StartSandboxOptions, startSandbox } from '../../sandbox/server.js';

const port = parentPort!;
// The drift step the test thread moves the data to between two runs of the add-on.
let drift: DriftName = 'baseline';
const sandbox = await startSandbox({ ...(workerData as StartSandboxOptions), drift: () => drift });
port.on('message', (message: { type: string; id: number; drift?: DriftName }) => {
  if (message.type === 'drift' && message.drift) {
    drift = message.drift;
    port.postMessage({ id: message.id, value: drift });
  } else if (message.type === 'log') {
    port.postMessage({ id: message.id, value: sandbox.requestLog });
  } else if (message.type === 'close') {
    void sandbox.close().then(() => port.postMessage({ id: message.id }));
  }
});
port.postMessage({ type: 'ready', address: sandbox.baseUrl });
