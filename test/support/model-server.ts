/**
 * A model endpoint on localhost for tests: a real HTTP server (node:http) that answers each request with the next
 * scripted reply, in the shape of the protocol asked for, and records what it was sent. Never the internet.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Protocol = 'anthropic' | 'openai-chat' | 'openai-responses';

/** One scripted reply. */
export type Reply =
  /** With `delayMs`, the answer comes that long after the request (a model thinking). */
  | { kind: 'json'; status?: number; headers?: Record<string, string>; body: unknown; delayMs?: number }
  | { kind: 'raw'; status?: number; headers?: Record<string, string>; body: string }
  /** Server-sent events, written one chunk at a time, `delayMs` apart; with `bytes`, each chunk is bytes as latin1. */
  | { kind: 'sse'; chunks: string[]; delayMs?: number; bytes?: boolean }
  /** Headers are never sent: the client times out. */
  | { kind: 'hang' }
  /** The connection is closed with no answer. */
  | { kind: 'drop' };

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface ModelServer {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  received: ReceivedRequest[];
  /** Replies for the next requests, in order; when none is left the server answers 500 "no reply scripted". */
  script(...replies: Reply[]): void;
  /** Forgets the replies not yet given and the requests received. */
  reset(): void;
  close(): Promise<void>;
}

export async function startModelServer(): Promise<ModelServer> {
  const queue: Reply[] = [];
  const received: ReceivedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    // A page calls it from another origin (the e2e journeys): the browser asks first, and reads only what is allowed.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*', 'access-control-max-age': '600' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { unparsed: text };
      }
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      open.add(response);
      response.on('close', () => open.delete(response));
      void reply(response, queue.shift());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function reply(response: ServerResponse, next: Reply | undefined): Promise<void> {
  if (next === undefined) {
    response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'no reply scripted' } }));
    return;
  }
  switch (next.kind) {
    case 'json':
      if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
      if (response.destroyed) return;
      response.writeHead(next.status ?? 200, { 'content-type': 'application/json', ...next.headers }).end(JSON.stringify(next.body));
      return;
    case 'raw':
      response.writeHead(next.status ?? 200, { 'content-type': 'application/json', ...next.headers }).end(next.body);
      return;
    case 'sse':
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const chunk of next.chunks) {
        if (response.destroyed) return;
        response.write(next.bytes ? Buffer.from(chunk, 'latin1') : chunk);
        if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
      }
      response.end();
      return;
    case 'hang':
      return;
    case 'drop':
      response.socket?.destroy();
      return;
  }
}

/** A complete answer holding `text`, in the protocol's shape. */
export function answerBody(protocol: Protocol, text: string): unknown {
  if (protocol === 'anthropic') {
    return { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 5 } };
  }
  if (protocol === 'openai-chat') {
    return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] };
  }
  return { id: 'resp_1', object: 'response', status: 'completed', output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }] };
}

/** Server-sent events that stream `pieces` as the protocol does, ending as it ends. */
export function streamChunks(protocol: Protocol, pieces: readonly string[]): string[] {
  const event = (name: string | undefined, data: unknown): string => `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  if (protocol === 'anthropic') {
    return [
      event('message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } }),
      event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      event('ping', { type: 'ping' }),
      ...pieces.map((text) => event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })),
      event('content_block_stop', { type: 'content_block_stop', index: 0 }),
      event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 5 } }),
      event('message_stop', { type: 'message_stop' }),
    ];
  }
  if (protocol === 'openai-chat') {
    return [
      event(undefined, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }),
      ...pieces.map((content) => event(undefined, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })),
      event(undefined, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
      event(undefined, '[DONE]'),
    ];
  }
  return [
    event('response.created', { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } }),
    ...pieces.map((delta) => event('response.output_text.delta', { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta })),
    event('response.output_text.done', { type: 'response.output_text.done', text: pieces.join('') }),
    event('response.completed', { type: 'response.completed', response: { id: 'resp_1', status: 'completed' } }),
  ];
}
