/**
 * The sandbox seen through a hostile or odd service: each JSON answer may be
 * reshaped by path, a callback may run before a request goes out (to make a
 * second execution overlap the first), and the chat webhooks are answered
 * here, with each post recorded, so a suite needs no receiver.
 */
import type { SyncHttp, WireAnswer } from '../../../support/apps-script/sync-http.js';

export const WEBHOOK_ROUTES = {
  'https://hooks.slack.com': 'http://webhooks.invalid/slack',
  'https://chat.googleapis.com': 'http://webhooks.invalid/chat',
  'https://acme.webhook.office.com': 'http://webhooks.invalid/teams',
  'https://prod-12.westus.logic.azure.com': 'http://webhooks.invalid/workflows',
};

export interface WebhookPost {
  /** slack, chat, teams or workflows */
  service: string;
  path: string;
  body: string;
}

export interface ShapedHttp extends SyncHttp {
  posts: WebhookPost[];
  /** HTTP status the webhooks answer (200 unless a test says otherwise). */
  webhookStatus: number;
}

export function shapedHttp(
  inner: SyncHttp,
  reshape: (path: string, body: Record<string, unknown>) => unknown = () => undefined,
  beforeRequest: (path: string) => void = () => {},
): ShapedHttp {
  const shaped: ShapedHttp = {
    posts: [],
    webhookStatus: 200,
    send(requests) {
      const answers: WireAnswer[] = new Array(requests.length);
      const forward: number[] = [];
      requests.forEach((request, index) => {
        const url = new URL(request.url);
        if (url.hostname === 'webhooks.invalid') {
          const [, service = '', ...rest] = url.pathname.split('/');
          shaped.posts.push({ service, path: `/${rest.join('/')}`, body: request.body ?? '' });
          answers[index] = { status: shaped.webhookStatus, headers: {}, body: 'ok' };
        } else {
          beforeRequest(url.pathname);
          forward.push(index);
        }
      });
      const forwarded = forward.length ? inner.send(forward.map((index) => requests[index]!)) : [];
      forwarded.forEach((answer, at) => {
        const index = forward[at]!;
        if ('error' in answer || !answer.headers['content-type']?.includes('json')) {
          answers[index] = answer;
          return;
        }
        const path = new URL(requests[index]!.url).pathname;
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        const changed = reshape(path, body);
        answers[index] =
          changed === undefined ? answer : { ...answer, body: JSON.stringify(changed) };
      });
      return answers;
    },
    // The suite closes the inner transport itself.
    close: async () => 0,
  };
  return shaped;
}
