import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHAT_BODY_MAX_BYTES } from '../../core/schemas/chat.js';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';

/**
 * A chat body of at most CHAT_BODY_MAX_BYTES, read no further: a declared Content-Length over it
 * is refused unread, a chunked body as soon as it passes the limit. 400 INVALID_REQUEST in the
 * envelope (a status the contract allows for chat). Of a chunked body, what the client still sends
 * is then discarded by @hono/node-server for at most 500 ms (or 64 MB) and the connection closed:
 * closing at once, with bytes unread, would reset it and could lose the answer. Runs before anything reads the
 * body, authentication included.
 */
export function chatBodyLimit(maxBytes = CHAT_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        errorBody('INVALID_REQUEST', `the body may be at most ${maxBytes} bytes`),
        400,
        // A declared length is refused before a byte of the body is read: say the connection ends.
        c.req.header('content-length') ? { Connection: 'close' } : {},
      ),
  });
}
