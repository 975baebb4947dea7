import { BOOKS } from '../../core/canon/canon.js';
import { balancedDays } from './balanced.js';
import type { Plan } from './plan.js';

const byName = (...names: string[]) => BOOKS.filter((b) => names.includes(b.name));

/** The built-in plans: what they cover and in how many days; their days are made from the canon's verse counts. */
const BUILT_IN = [
  { id: 'bible-year', name: 'The whole Bible in a year', books: BOOKS, days: 365 },
  { id: 'nt-90', name: 'The New Testament in 90 days', books: BOOKS.filter((b) => b.testament === 'NT'), days: 90 },
  { id: 'gospels-30', name: 'The Gospels in 30 days', books: byName('Matthew', 'Mark', 'Luke', 'John'), days: 30 },
  { id: 'psalms-30', name: 'The Psalms in 30 days', books: byName('Psalms'), days: 30 },
  { id: 'proverbs-31', name: 'Proverbs in 31 days', books: byName('Proverbs'), days: 31 },
] as const;

export const BUILT_IN_IDS: readonly string[] = BUILT_IN.map((p) => p.id);

/** A built-in plan by id (case-insensitive), generated on demand. */
export function builtInPlan(id: string): Plan | undefined {
  const spec = BUILT_IN.find((p) => p.id === id.toLowerCase());
  if (!spec) return undefined;
  return { id: spec.id, name: spec.name, source: 'built-in', days: balancedDays(spec.books, spec.days) };
}

export function builtInPlans(): Plan[] {
  return BUILT_IN_IDS.map((id) => builtInPlan(id) as Plan);
}
