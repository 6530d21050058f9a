/** Runs the sandbox on its own thread, so the test thread can block in Atomics.wait while it answers. */
import { parentPort, workerData } from 'node:worker_threads';
import { type StartSandboxOptions, startSandbox } from '../../sandbox/server.js';

const port = parentPort!;
const sandbox = await startSandbox(workerData as StartSandboxOptions);
port.on('message', (message: { type: string; id: number }) => {
  if (message.type === 'log') {
    port.postMessage({ type: 'log', id: message.id, log: sandbox.requestLog });
  } else if (message.type === 'close') {
    void sandbox.close().then(() => port.postMessage({ type: 'closed', id: message.id }));
  }
});
port.postMessage({ type: 'ready', baseUrl: sandbox.baseUrl });
