import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { z } from 'zod';
import { configDir } from '../../config/settings.js';
import { formatReference, InvalidReferenceError, parseReferenceList } from '../../core/reference/reference.js';
import { WorkspaceError } from '../errors.js';
import { parseCsvFile, parseJsonFile } from '../file-formats.js';
import { readRegularFile } from '../regular-file.js';
import type { Plan } from './plan.js';

/** Where `bible plan list` looks for the user's plan files: `$BIBLE_CONFIG_DIR/plans/*.json|*.csv`. */
export function planFilesDir(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'plans');
}

// Bounds on a plan file, so a wrong file given by mistake costs little: ten years of days.
const MAX_FILE_BYTES = 2_000_000;
const MAX_DAYS = 3_660;

const JsonPlan = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  days: z
    .array(z.union([z.string(), z.array(z.string()).min(1)]))
    .min(1)
    .max(MAX_DAYS),
});

/** A plan file's id: its name without the extension, lower-cased. */
export function planFileId(path: string): string {
  return basename(path, extname(path)).toLowerCase();
}

/** Canonical references of one day, or a usage error naming the file and the day. */
function dayReadings(path: string, day: number, texts: string[]): string[] {
  try {
    return texts.flatMap((t) => parseReferenceList(t).map((listed) => formatReference(listed.ref)));
  } catch (err) {
    if (err instanceof InvalidReferenceError) throw new WorkspaceError('usage', `${path}: day ${day}: ${err.message}`);
    throw err;
  }
}

function fromJson(path: string, text: string): Omit<Plan, 'id' | 'source'> {
  const data = parseJsonFile(JsonPlan, text, path);
  const days = data.days.map((d, i) => dayReadings(path, i + 1, typeof d === 'string' ? [d] : d));
  return { name: data.name ?? planFileId(path), days };
}

function fromCsv(path: string, text: string): Omit<Plan, 'id' | 'source'> {
  const rows = parseCsvFile(text, path);
  const header = rows.shift();
  if (header?.fields[0]?.trim().toLowerCase() !== 'day' || header.fields[1]?.trim().toLowerCase() !== 'reading')
    throw new WorkspaceError('usage', `${path}: the first line must be the header day,reading`);
  const byDay = new Map<number, string[]>();
  for (const { line, fields } of rows) {
    const [dayText = '', reading = ''] = fields.map((f) => f.trim());
    if (!/^\d{1,4}$/.test(dayText) || Number(dayText) < 1 || Number(dayText) > MAX_DAYS)
      throw new WorkspaceError('usage', `${path}: line ${line}: day must be a number from 1 to ${MAX_DAYS}`);
    if (!reading) throw new WorkspaceError('usage', `${path}: line ${line}: no reading`);
    const day = Number(dayText);
    byDay.set(day, [...(byDay.get(day) ?? []), reading]);
  }
  if (!byDay.size) throw new WorkspaceError('usage', `${path}: no days`);
  const count = Math.max(...byDay.keys());
  const days: string[][] = [];
  for (let day = 1; day <= count; day++) {
    const texts = byDay.get(day);
    if (!texts) throw new WorkspaceError('usage', `${path}: day ${day} has no reading (days run 1 to ${count})`);
    days.push(dayReadings(path, day, texts));
  }
  return { name: planFileId(path), days };
}

/** Reads a plan file (.json or .csv; the formats are in the README), checking every reference against the canon. */
export function readPlanFile(path: string): Plan {
  const ext = extname(path).toLowerCase();
  if (ext !== '.json' && ext !== '.csv') throw new WorkspaceError('usage', `${path}: a plan file is .json or .csv`);
  const text = readRegularFile(path, MAX_FILE_BYTES, 'a plan file');
  const body = ext === '.json' ? fromJson(path, text) : fromCsv(path, text);
  return { id: planFileId(path), source: path, ...body };
}

/** The plan files in the plans folder, each read or, when broken, with the reason. */
export function listPlanFiles(env: NodeJS.ProcessEnv): Array<Plan | { path: string; error: string }> {
  const dir = planFilesDir(env);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(json|csv)$/i.test(f))
    .sort()
    .map((f) => {
      const path = join(dir, f);
      try {
        return readPlanFile(path);
      } catch (err) {
        if (err instanceof WorkspaceError) return { path, error: err.message };
        throw err;
      }
    });
}
