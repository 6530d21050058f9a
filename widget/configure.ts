/**
 * `@aivis/widgets/configure` (dist/widget/standalone/configure.js): page-wide
 * settings and the connection context without any element, for an app that
 * loads single elements from their own entries. It shares the standalone
 * entries' runtime, and the settings reach elements from the full bundle
 * bundle too (one page-wide registry, docs/widgets.md).
 */
export {
  type ConnectionSettings,
  configure,
  connectionContext,
  type GlobalSettings,
  type ProvidedConnection,
  requestCache,
} from './internal/connection.js';
export { preloadLinks } from './internal/preload.js';
