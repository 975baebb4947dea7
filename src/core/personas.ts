/** The chat personas the contract names (kept free of zod so the CLI can list them cheaply). */
export const PERSONAS = ['default', 'biblical_scholar', 'simple_helper'] as const;
export type PersonaId = (typeof PERSONAS)[number];
