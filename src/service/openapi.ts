import { limitsDescription } from './limits.js';
import { EXTENSIONS_TAG } from './routes/common.js';

/** The OpenAPI document's frame; paths and schemas come from the routes' own zod schemas. */
export const OPENAPI_DOCUMENT = {
  openapi: '3.0.3',
  info: {
    title: 'Partner Data and Chat Service',
    version: '1.0.0',
    description: [
      'Read-only Bible study resources, and chat grounded in them. Every response is an envelope: {success: true, data} or {success: false, error: {code, message}}.',
      'Successful data responses carry Cache-Control: private, max-age=300; errors carry none.',
      'Authentication: X-API-Key or Authorization: Bearer. Resource and translation ids are case-insensitive.',
      'Daily quota: one unit per successful response; error answers (400, 403, 404, 429, 500) do not count. It resets at midnight UTC.',
      'The catalog lists only what the key can read; its single crossrefs and stories items are null when the key cannot read them.',
      `Operations tagged ${EXTENSIONS_TAG} are this implementation's additions to the contract, under the same envelope, keys, scopes, quota and Cache-Control.`,
      limitsDescription(),
    ].join(' '),
    license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  },
  servers: [{ url: '/' }],
  security: [{ ApiKey: [] }, { Bearer: [] }] as Array<Record<string, string[]>>,
};
