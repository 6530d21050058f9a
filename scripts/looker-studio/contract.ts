/**
 * Compile-time check (type-checked by scripts/looker-studio/tsconfig.json,
 * never run): every function the generated entry section calls is an export
 * of src/main.ts.
 */

import type { ConnectorFunctionName } from '../../looker-studio/src/entry-points.js';
import type * as Bundle from '../../looker-studio/src/main.js';

export type ConnectorFunctionsExist = ConnectorFunctionName extends keyof typeof Bundle
  ? true
  : never;
export const connectorFunctionsExist: ConnectorFunctionsExist = true;
