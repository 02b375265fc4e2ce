import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What a raw HTTP/1.1 request got back: status, headers as Node read them, body. */
export interface Raw {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request to 127.0.0.1 over a new connection, with exactly the given headers (a Host header is added unless given). */
export function raw(port: number, path: string, headers: Record<string, string | string[]> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
