/**
 * Provided at build time by scripts/response-shapes-plugin.ts: `?element=<tag>`
 * (the shapes the element's catalogue entry names) or any `?endpoints=` query.
 */
declare module 'virtual:aivis/response-shapes*' {
  const shapes: import('../../shared/http/shape-check.js').CompiledShapes;
  export default shapes;
  /** The endpoints those shapes were compiled for. */
  export const endpoints: readonly import('../../shared/api/endpoints.js').EndpointName[];
}
