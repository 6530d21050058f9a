/** Provided at build time by scripts/response-shapes-plugin.ts (any ?endpoints= query). */
declare module 'virtual:aivis/response-shapes*' {
  const shapes: import('../../shared/http/shape-check.js').CompiledShapes;
  export default shapes;
}
