import SwaggerParser from '@apidevtools/swagger-parser';
import AjvModule, { type ValidateFunction } from 'ajv';

// ajv is CommonJS: its default export arrives as the module under NodeNext.
const Ajv = AjvModule as unknown as typeof AjvModule.default;

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};

/**
 * Response validators built from the service's own /openapi.json: for a concrete path and
 * status, the schema the contract gives. Ajv reads OpenAPI 3.0's `nullable`.
 */
export async function responseValidator(doc: object) {
  const deref = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Doc;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const routes = Object.entries(deref.paths).map(([template, ops]) => ({
    template,
    regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    ops,
    literal: template.split('/').filter((s) => !s.startsWith('{')).length,
  }));
  // The most literal template wins (/strongs/search before /strongs/{number}).
  routes.sort((a, b) => b.literal - a.literal);
  const cache = new Map<string, ValidateFunction>();
  return (path: string, status: number, body: unknown): string[] => {
    const pathname = path.split('?')[0] as string;
    const route = routes.find((r) => r.regex.test(pathname));
    if (!route) return [`no operation in openapi.json for ${pathname}`];
    const response = route.ops.get?.responses[String(status)];
    if (!response) return [`openapi.json allows no ${status} for ${route.template}`];
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return [`no schema for ${status} ${route.template}`];
    const key = `${route.template} ${status}`;
    const validate = cache.get(key) ?? ajv.compile(schema);
    cache.set(key, validate);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${key}: ${e.instancePath} ${e.message}`);
  };
}
