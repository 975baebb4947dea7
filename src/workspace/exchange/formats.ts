import { WorkspaceError } from '../errors.js';
import { readCsvExchange, writeCsvExchange } from './csv.js';
import type { Exchange, ExchangeFormat } from './exchange.js';
import { readJson, writeJson } from './json.js';
import { type PassageText, readMarkdown, writeMarkdown } from './markdown.js';

// An export of a lifetime of notes stays well under this; a bigger file is not one of ours.
export const MAX_IMPORT_BYTES = 50_000_000;

export function writeExchange(format: ExchangeFormat, x: Exchange, texts: Map<string, PassageText>): string {
  if (format === 'json') return writeJson(x);
  if (format === 'csv') return writeCsvExchange(x);
  return writeMarkdown(x, texts);
}

export function readExchange(format: ExchangeFormat, text: string, path: string): Exchange {
  if (text.length > MAX_IMPORT_BYTES)
    throw new WorkspaceError('usage', `${path}: larger than an export can be (50 MB)`);
  if (format === 'json') return readJson(text, path);
  if (format === 'csv') return readCsvExchange(text, path);
  return readMarkdown(text, path);
}
