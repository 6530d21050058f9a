/**
 * The bundle's one global (`AivisAddon`). Apps Script needs real top-level
 * functions for custom functions, menus, triggers and google.script.run;
 * the build generates those thin functions with their JSDoc
 * (scripts/sheets/entry.ts) and each calls into this object.
 */
export { runCustomFunction } from './custom-functions.js';
export {
  buildMenu,
  checkAlertsNow,
  menuRefreshNow,
  scheduledRefresh,
  showAlerts,
  showBuilder,
  showDashboard,
  showInsertReport,
  showSchedule,
  showSettings,
} from './menu.js';
export { insertPortfolio, runGeneralFunction } from './portfolio.js';
export { SERVER_API as server } from './server-api.js';
