/**
 * The Bun entry of the README, run by the Bun suite with `bun test/edge/bun-entry.ts`:
 * one Bun.serve per configuration in EDGE_CONFIGS (JSON), the ports printed
 * as one JSON line. Bun hands the handler its server, whose requestIP() gives
 * the client address.
 */
import { startedProxy } from '../../proxy/start-up.js';

interface BunServer {
  port: number;
  stop(): void;
}
declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    fetch: (request: Request, server: unknown) => Promise<Response>;
  }): BunServer;
};
declare const process: { env: Record<string, string | undefined> };

const configs = JSON.parse(process.env.EDGE_CONFIGS ?? '{}') as Record<
  string,
  Record<string, string>
>;
const ports: Record<string, number> = {};
for (const [name, env] of Object.entries(configs)) {
  // A wrong setting: one line naming it on stderr, and 503 to every request (proxy/start-up.ts).
  const handler = startedProxy(env, { loadPng: () => import('@resvg/resvg-js') });
  ports[name] = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler }).port;
}
console.log(JSON.stringify({ ports }));
