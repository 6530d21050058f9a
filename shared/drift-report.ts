/**
 * The drift check's report (docs/service-drift.md, "Checking a service"):
 * its verdict, and the report made safe to print and to attach to a public
 * issue. Every shell (the `aivis check` command's text and JSON, the
 * explorer, the Sheets Settings page) shows what `finishReport` returns, so
 * none of them can print the token or the service's control characters.
 */
import type { Difference } from './http/reconcile.js';
import { redactSecret } from './http/redaction.js';
import { showControls } from './visible-text.js';

export interface EndpointReport {
  /** The request as a path with its query, e.g. /projects/1001/competitors?dataset=detail&competitor=Tr. */
  request: string;
  /** HTTP status; 0 when nothing came back. */
  status: number;
  differences: Difference[];
  /** The problem in words when the answer was no JSON, an error or could not be read. */
  problem?: string;
  /** HTTP 429: the service is rate limiting; seconds it asked to wait (Retry-After), when it said. */
  rateLimited?: { retryAfterSeconds?: number };
}

export interface DriftReport {
  /** The outcome in one sentence, first in every form of the report. */
  verdict: string;
  /** 0 nothing to send, 1 something differs, 2 the check could not run (or not in full: rate limited). */
  exitCode: 0 | 1 | 2;
  /** Why it could not run (exit code 2). */
  reason?: string;
  project?: number;
  endpoints: EndpointReport[];
}

/** A difference worth sending: a field read under a known other name (shared/aliases.ts) is not one. */
const worthSending = (difference: Difference) => difference.kind !== 'renamed';

const differs = (item: EndpointReport) =>
  item.differences.some(worthSending) || (item.problem !== undefined && !item.rateLimited);

const wait = (items: readonly EndpointReport[]): string => {
  const seconds = Math.max(0, ...items.map((item) => item.rateLimited?.retryAfterSeconds ?? 0));
  return seconds > 0 ? `wait ${seconds} s` : 'wait a minute';
};

/** The report of a check that could not run. */
export const cannotRun = (reason: string, secret?: string): DriftReport =>
  finishReport({ exitCode: 2, reason, endpoints: [] }, secret);

/**
 * The report's exit code and verdict from its lines, and every text in it
 * (the service's messages, codes, key names) scrubbed of the token in each
 * of its echo forms and with control characters made visible.
 */
export function finishReport(
  report: Omit<DriftReport, 'verdict' | 'exitCode'> & { exitCode?: 2 },
  secret: string | undefined,
): DriftReport {
  const clean = cleanStrings(report, (text) => showControls(redactSecret(text, secret)));
  const { endpoints } = clean;
  if (clean.exitCode === 2 || clean.reason !== undefined) {
    return {
      verdict: `The check could not run: ${clean.reason ?? 'no reason given'}`,
      exitCode: 2,
      ...clean,
    };
  }
  const differing = endpoints.filter(differs).length;
  const limited = endpoints.filter((item) => item.rateLimited);
  const renamed = endpoints.flatMap((item) => item.differences).filter((d) => !worthSending(d));
  const limitedNote = limited.length
    ? ` ${limited.length} of ${endpoints.length} requests were refused for rate limiting (HTTP 429): ${wait(limited)} and run the check again for them.`
    : '';
  if (differing > 0) {
    return {
      verdict: `${differing} of ${endpoints.length} answers differ from what this client expects: send this report to the aivis maintainers (docs/service-drift.md).${limitedNote}`,
      exitCode: 1,
      ...clean,
    };
  }
  if (limited.length > 0) {
    return {
      verdict: `The service is rate limiting this token (HTTP 429), which is the Data API answering, not a difference:${limitedNote} Nothing differs in the other answers.`,
      exitCode: 2,
      ...clean,
    };
  }
  return {
    verdict:
      renamed.length > 0
        ? `Nothing to send: every answer reads as this client expects (${renamed.length} field${renamed.length === 1 ? '' : 's'} read under a known other name, docs/service-drift.md "Known other names").`
        : 'Nothing differs from what this client expects.',
    exitCode: 0,
    ...clean,
  };
}

/** The report as text: the verdict, the count, what differs by request, then the requests that read as expected. */
export function formatDriftReport(report: DriftReport): string {
  const view = driftReportView(report);
  return `${[view.verdict, ...(view.summary ? [view.summary] : []), ...view.findings, ...view.ok].join('\n')}\n`;
}

/** The report in parts, for a shell that shows the requests that read as expected folded away (the explorer). */
export function driftReportView(report: DriftReport): {
  verdict: string;
  summary?: string;
  findings: string[];
  ok: string[];
} {
  if (report.exitCode === 2 && report.endpoints.length === 0)
    return { verdict: report.verdict, findings: [], ok: [] };
  const findings: string[] = [];
  const ok: string[] = [];
  for (const item of report.endpoints) {
    if (item.differences.length === 0 && !item.problem) {
      ok.push(`OK  GET ${item.request}`);
      continue;
    }
    const label = item.rateLimited
      ? 'RATE LIMITED'
      : differs(item)
        ? 'DIFFERS'
        : 'READ AS EXPECTED';
    findings.push(`${label}  GET ${item.request}`);
    if (item.problem) findings.push(`  - ${item.problem}`);
    for (const difference of item.differences) findings.push(`  - ${driftLine(difference)}`);
  }
  return {
    verdict: report.verdict,
    summary: `Sent ${report.endpoints.length} requests for project ${report.project}: ${ok.length} answers as expected.`,
    findings,
    ok,
  };
}

/** One difference in words, named by its path. */
export function driftLine(difference: Difference): string {
  const at = difference.path || '(root)';
  switch (difference.kind) {
    case 'missing':
      return `${at}: missing${difference.names && difference.names.length > 1 ? ` (looked for ${difference.names.join(', ')})` : ''}${difference.expected ? ` (${difference.expected})` : ''}`;
    case 'type':
      return `${at}: of another type (${difference.expected ?? 'another shape'})${difference.read ? ', read all the same' : ''}`;
    case 'extra':
      return `${at}: not known to the client`;
    default:
      return `${at}: found under another name, ${difference.found} (a known one, read all the same: nothing to send)`;
  }
}

/** A copy of the value with every string (keys too) passed through `clean`. The report is small and shallow. */
function cleanStrings<T>(value: T, clean: (text: string) => string): T {
  if (typeof value === 'string') return clean(value) as T;
  if (Array.isArray(value)) return value.map((item) => cleanStrings(item, clean)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, clean(key), {
        value: cleanStrings(item, clean),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}
