/**
 * Node entry of the proxy (`npm run proxy`): reads the environment, serves the
 * fetch handler on loopback (or HOST), and logs one line at start and one per
 * request. Nothing logged here ever holds the token or a request header.
 */
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { ProxyConfigError, readProxyConfig } from './config.js';
import { createProxyHandler } from './handler.js';
import { formatLogEntry } from './log.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof readProxyConfig>;
  try {
    config = readProxyConfig(process.env);
  } catch (error) {
    if (error instanceof ProxyConfigError) {
      console.error(`aivis proxy: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const handler = createProxyHandler(config, {
    log: (entry) => console.log(formatLogEntry(entry)),
  });
  const served = await serveFetchHandler(handler, {
    port: config.port,
    host: config.host,
    onError: () => console.error('aivis proxy: a request failed inside the handler'),
  });
  const origins = config.allowedOrigins.length ? config.allowedOrigins.join(', ') : 'none';
  const projects = config.allowedProjects ? config.allowedProjects.join(', ') : 'all';
  console.log(
    `aivis proxy on ${served.url}${config.basePath} -> upstream ${new URL(config.baseUrl).origin}; allowed origins: ${origins}; projects: ${projects}; cache TTL ${config.cacheTtlSeconds} s`,
  );
  const stop = () => {
    void served.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
