// Worker bootstrap: register tsx so the TypeScript worker can load (see sandbox-worker.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./lying-server-worker.ts');
