import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHAT_BODY_MAX_BYTES } from '../../core/schemas/chat.js';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';

/**
 * A chat body of at most CHAT_BODY_MAX_BYTES, read no further: a declared Content-Length over it
 * is refused unread, a chunked body as soon as it passes the limit. 400 INVALID_REQUEST in the
 * envelope (a status the contract allows for chat), and the connection is closed rather than
 * drained. Runs before anything reads the body, authentication included.
 */
export function chatBodyLimit(maxBytes = CHAT_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(errorBody('INVALID_REQUEST', `the body may be at most ${maxBytes} bytes`), 400, { Connection: 'close' }),
  });
}
