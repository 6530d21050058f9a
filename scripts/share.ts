/**
 * `npm run aivis -- share create|list|revoke` (docs/agencies.md#client-links):
 * client links of the proxy, made and ended from the proxy's own settings
 * (the same environment: SHARE_SECRET, PUBLIC_URL, and REDIS_URL or
 * SHARE_FILE for where links live; with neither, the proxy at PUBLIC_URL
 * keeps them, reached through its signed admin route: proxy/share/share-admin.ts). Never prints a token or the secret.
 *
 *   share create --project 1001 --view aivis-dashboard --expires 30d --label "Acme board" [--period last_30_days]
 *   share list [--json]
 *   share revoke <id>
 *
 * Exit 0: done; 1: refused (bad option, unknown link); 2: the settings or
 * the store do not allow it, with the reason.
 */
import { parseArgs } from 'node:util';
import { ProxyConfigError, readProxyConfig } from '../proxy/config.js';
import { readExpiry } from '../proxy/share/expiry.js';
import { cleanLabel, type LinkStatus, type LinkStore } from '../proxy/share/link-store.js';
import { openLinkStore } from '../proxy/share/open-link-store.js';
import { proxyLinkStore } from '../proxy/share/share-admin.js';
import { ID_PATTERN, linkPath, newLinkId } from '../proxy/share/signed-link.js';
import {
  DEFAULT_REPORT_PERIOD,
  REPORT_PERIODS,
  type ReportPeriod,
} from '../shared/api/vocabulary.js';
import { CATALOG } from '../widget/catalog.js';

export const SHARE_USAGE = `Usage:
  npm run aivis -- share create --project ID --expires 30d|12h|90s|2027-01-31 [--view aivis-dashboard] [--period ${DEFAULT_REPORT_PERIOD}] [--label TEXT]
  npm run aivis -- share list [--json]
  npm run aivis -- share revoke ID
(reads the proxy's settings from the environment: SHARE_SECRET, PUBLIC_URL, and REDIS_URL or SHARE_FILE; with neither, the proxy at PUBLIC_URL keeps the links)`;

/** The views a link may show: every element of the catalogue that draws data, and the dashboard. */
export const LINK_VIEWS: readonly string[] = Object.entries(CATALOG)
  .filter(([tag, entry]) => tag === 'aivis-dashboard' || 'endpoint' in entry)
  .map(([tag]) => tag);

export interface ShareIo {
  out: (text: string) => void;
  err: (text: string) => void;
  now: () => number;
  /** How the command reaches the proxy's admin route when the store is the proxy's own. */
  fetch?: typeof fetch;
}

const processIo: ShareIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  now: Date.now,
};

export async function shareCommand(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
  io: ShareIo = processIo,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n${SHARE_USAGE}\n`);
    return 1;
  }
  const [action, ...rest] = parsed.positionals;
  if (!action || !['create', 'list', 'revoke'].includes(action)) {
    io.err(`${SHARE_USAGE}\n`);
    return 1;
  }
  let config: ReturnType<typeof readProxyConfig>;
  try {
    config = readProxyConfig(withoutService(env));
  } catch (error) {
    if (!(error instanceof ProxyConfigError)) throw error;
    io.err(`share: the proxy's settings: ${error.message}\n`);
    return 2;
  }
  if (!config.shareSecret) {
    io.err('share: SHARE_SECRET is not set; client links are off (docs/agencies.md)\n');
    return 2;
  }
  // Neither file nor Redis here: the store the proxy at PUBLIC_URL keeps (on Workers, its Durable Object).
  const store =
    (await openLinkStore(config, { now: io.now })) ??
    (config.publicUrl
      ? proxyLinkStore(config.publicUrl, config.shareSecret, io.now, io.fetch)
      : undefined);
  if (!store) {
    io.err(
      'share: set SHARE_FILE (one proxy), REDIS_URL (a fleet) or PUBLIC_URL (the proxy keeps them, e.g. on Workers) so links can be revoked and counted\n',
    );
    return 2;
  }
  try {
    if (action === 'create') return await create(parsed.values, config, store, io);
    if (action === 'list') return await list(store, io, parsed.values.json === true, config);
    return await revoke(rest[0], store, io);
  } catch (error) {
    io.err(`share: ${store.where} could not be used: ${(error as Error).message}\n`);
    return 2;
  } finally {
    await store.close();
  }
}

/**
 * The command never calls the service: where the proxy's environment is not
 * at hand (a Worker's lives in wrangler), SHARE_SECRET and PUBLIC_URL are
 * enough, and the service's settings the proxy requires are stood in for.
 */
function withoutService(env: Record<string, string | undefined>) {
  return {
    ...(env.AIVIS_BASE_URL ? {} : { AIVIS_BASE_URL: 'https://service.invalid' }),
    ...(env.AIVIS_TOKEN || env.AIVIS_ACCOUNTS ? {} : { AIVIS_TOKEN: 'not-used-by-share' }),
    ...env,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      project: { type: 'string' },
      view: { type: 'string' },
      period: { type: 'string' },
      expires: { type: 'string' },
      label: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
}

type Values = ReturnType<typeof parse>['values'];
type Config = ReturnType<typeof readProxyConfig>;

async function create(values: Values, config: Config, store: LinkStore, io: ShareIo) {
  const refuse = (message: string) => {
    io.err(`share create: ${message}\n${SHARE_USAGE}\n`);
    return 1;
  };
  if (!config.publicUrl) {
    io.err('share create: set PUBLIC_URL, the address clients reach the proxy at\n');
    return 2;
  }
  const project = values.project ?? '';
  if (!/^[1-9]\d{0,14}$/.test(project))
    return refuse('--project takes a project id from GET /projects');
  const view = values.view ?? 'aivis-dashboard';
  if (!LINK_VIEWS.includes(view)) return refuse(`--view takes one of ${LINK_VIEWS.join(', ')}`);
  const period = values.period ?? DEFAULT_REPORT_PERIOD;
  if (!(REPORT_PERIODS as readonly string[]).includes(period)) {
    return refuse(`--period takes one of ${REPORT_PERIODS.join(', ')}`);
  }
  if (values.expires === undefined)
    return refuse('--expires is required: 30d, 12h, 90s or an ISO date');
  const expiry = readExpiry(values.expires, io.now());
  if ('error' in expiry) return refuse(expiry.error);
  const fields = {
    id: newLinkId(),
    project: Number(project),
    view,
    period: period as ReportPeriod,
    expires: expiry.expires,
    label: cleanLabel(values.label ?? ''),
  };
  await store.create({ ...fields, created: io.now() });
  io.out(`${config.publicUrl}${await linkPath(fields, config.shareSecret!)}\n`);
  io.err(
    `link ${fields.id} works until ${new Date(fields.expires * 1000).toISOString()}; end it with: npm run aivis -- share revoke ${fields.id}\n`,
  );
  return 0;
}

async function list(store: LinkStore, io: ShareIo, json: boolean, config: Config) {
  const links = await store.list();
  if (json) {
    // Each link's address again (the command holds the secret), for one sent and not kept.
    const withUrls = await Promise.all(
      links.map(async (link) => ({
        ...link,
        ...(config.publicUrl
          ? { url: `${config.publicUrl}${await linkPath(link, config.shareSecret!)}` }
          : {}),
      })),
    );
    io.out(`${JSON.stringify(withUrls, null, 2)}\n`);
    return 0;
  }
  const now = io.now();
  const rows = links.map((link) => [
    link.id,
    link.label,
    String(link.project),
    link.view,
    link.period,
    new Date(link.expires * 1000).toISOString().slice(0, 16).replace('T', ' '),
    stateOf(link, now),
    String(link.views),
    link.lastView ? new Date(link.lastView).toISOString().slice(0, 16).replace('T', ' ') : '–',
  ]);
  io.out(
    table(
      ['id', 'label', 'project', 'view', 'period', 'expires (UTC)', 'state', 'views', 'last view'],
      rows,
    ),
  );
  return 0;
}

async function revoke(id: string | undefined, store: LinkStore, io: ShareIo) {
  if (!id || !ID_PATTERN.test(id)) {
    io.err(
      `share revoke: give the link's id, ten letters and digits as share list shows it\n${SHARE_USAGE}\n`,
    );
    return 1;
  }
  const known = await store.revoke(id, io.now());
  io.out(
    `revoked ${id}: it answers 410 from now on, on every instance that reads ${store.where}\n`,
  );
  if (!known)
    io.err(`note: no link ${id} was made in ${store.where}; it is refused all the same\n`);
  return known ? 0 : 1;
}

function stateOf(link: LinkStatus, now: number): string {
  if (link.revoked !== undefined) return 'revoked';
  return link.expires * 1000 <= now ? 'expired' : 'active';
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join('  ')
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join('\n')}\n`;
}
