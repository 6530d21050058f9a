// Worker bootstrap: Node workers do not inherit the test runner's TypeScript loader, so register tsx here.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-worker.ts');
