import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the receiver does with a request: answer with a status, redirect, or never answer (a timeout). */
export type Answer = number | { readonly redirect: string } | 'hang';

/** A real HTTP server in the test process, recording every webhook request. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:port/hook` */
  readonly url: string;
  readonly received: Received[];
  /** the answers to the next requests, in order; 204 once they are used up */
  answerNext(...answers: Answer[]): void;
  /** the events' `type`s received, in order, those that verify with `secret` only (throws on one that does not) */
  verifiedTypes(secret: string): string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answer = answers.shift() ?? 204;
      if (answer === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      if (typeof answer === 'object') response.writeHead(307, { location: answer.redirect }).end();
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerNext: (...next) => void answers.push(...next),
    verifiedTypes(secret) {
      const verifier = new Webhook(secret);
      return received.map(({ headers, body }) => (verifier.verify(body, headers as Record<string, string>) as { type: string }).type);
    },
    async close() {
      hanging.forEach((release) => release());
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
}
