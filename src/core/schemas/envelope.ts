import { z } from 'zod';

/** Every error code the contract names. */
export const ERROR_CODES = [
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'SCOPE_DENIED',
  'NOT_FOUND',
  'INVALID_REQUEST',
  'INVALID_PERSONA',
  'DAILY_LIMIT_EXCEEDED',
  'MONTHLY_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({ code: ErrorCode, message: z.string() }),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** `{success: true, data}` around a resource schema. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export type SuccessEnvelope<T> = { success: true; data: T };
