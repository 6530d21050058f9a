/**
 * `npm start`: runs the demo until Ctrl+C. PORT and SANDBOX_PORT move it off
 * 8080 and 8787; ALLOWED_ORIGINS lets the user's own pages call its proxies;
 * AIVIS_SERVICE_URL is the address /sheets/ offers the add-on's files for.
 */
import { ProxyConfigError } from '../proxy/config.js';
import { startDemo } from './demo.js';

function portFrom(variable: string, fallback: number): number {
  const text = process.env[variable];
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${variable} must be a port number from 0 to 65535, not '${text}'.`);
    process.exit(2);
  }
  return port;
}

try {
  const demo = await startDemo({
    port: portFrom('PORT', 8080),
    sandboxPort: portFrom('SANDBOX_PORT', 8787),
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '').split(','),
    ...(process.env.AIVIS_SERVICE_URL ? { sheetsService: process.env.AIVIS_SERVICE_URL } : {}),
  });
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    error instanceof ProxyConfigError
      ? `npm start: ${error.message}`
      : code === 'EADDRINUSE'
        ? 'A port is already in use. Stop the other process or choose others: PORT=8081 SANDBOX_PORT=8797 npm start'
        : `npm start failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
