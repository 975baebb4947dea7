import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHAT_BODY_MAX_BYTES } from '../../core/schemas/chat.js';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';

/** `application/json`, with or without parameters (charset), in any case. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * What a chat request must be before anything reads it: JSON by its Content-Type, and a body of
 * at most CHAT_BODY_MAX_BYTES, read no further (a declared Content-Length over it is refused
 * unread). Both are 400 INVALID_REQUEST in the envelope, a status the contract allows for chat.
 */
export function chatRequestLimits(maxBytes = CHAT_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  const size = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(errorBody('INVALID_REQUEST', `the body may be at most ${maxBytes} bytes`), 400, { Connection: 'close' }),
  });
  return async (c, next) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? ''))
      return c.json(
        errorBody('INVALID_REQUEST', 'the body must be JSON, sent with Content-Type: application/json'),
        400,
      );
    return size(c, next);
  };
}
