/** The `npm start` demo as the start suites run it: ephemeral ports, quiet, the bundle `npm test` built. */
import { type DemoOptions, type RunningDemo, startDemo } from '../../start/demo.js';

export function startTestDemo(options: DemoOptions = {}): Promise<RunningDemo> {
  return startDemo({ port: 0, sandboxPort: 0, quiet: true, buildWidgets: false, ...options });
}
