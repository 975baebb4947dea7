import type { z } from 'zod';
import { CsvError, readCsv } from './csv.js';
import { WorkspaceError } from './errors.js';

/** A JSON file checked against a schema; what is wrong is a usage error naming the file and the field. */
export function parseJsonFile<T extends z.ZodType>(schema: T, text: string, path: string): z.infer<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new WorkspaceError('usage', `${path}: not JSON (${(err as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WorkspaceError('usage', `${path}: ${issue?.path.join('.') || 'file'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** A CSV file's rows; broken quoting is a usage error naming the file and the line. */
export function parseCsvFile(text: string, path: string): ReturnType<typeof readCsv> {
  try {
    return readCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new WorkspaceError('usage', `${path}: ${err.message}`);
    throw err;
  }
}
