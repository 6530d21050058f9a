/**
 * Compile-time checks between the generated entry points and the bundle
 * (type-checked by scripts/sheets/tsconfig.json; never imported at run
 * time): every menu target is an export of src/main.ts, and the bundle
 * exposes the server functions the sidebar calls.
 */
import type { MENU_ITEMS, ServerFunctionName } from '../../apps-script/src/entry-points.js';
import type * as Bundle from '../../apps-script/src/main.js';

type MenuTarget = (typeof MENU_ITEMS)[number]['target'];
export type MenuTargetsExist = MenuTarget extends keyof typeof Bundle ? true : never;
export const menuTargetsExist: MenuTargetsExist = true;
export type ServerFunctionsExist = ServerFunctionName extends keyof (typeof Bundle)['server']
  ? true
  : never;
export const serverFunctionsExist: ServerFunctionsExist = true;
