/** The shared edge cases on Node, through the Node host: the baseline the other runtimes match. */
import { readProxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { type ProxyName, proxyCases } from './cases.js';

proxyCases('Node', async (upstream) => {
  const served = {} as Record<ProxyName, ServedHandler>;
  for (const [name, env] of Object.entries(upstream.configs) as Array<
    [ProxyName, Record<string, string>]
  >) {
    served[name] = await serveFetchHandler(
      createProxyHandler(readProxyConfig(env), { loadPng: () => import('@resvg/resvg-js') }),
    );
  }
  return {
    fetch: (name, path, init) => fetch(`${served[name].url}${path}`, init),
    close: async () => {
      for (const each of Object.values(served)) await each.close();
    },
  };
});
