import type Database from 'better-sqlite3';
import { WorkspaceError } from './errors.js';
import { addDays, type LocalDate } from './local-date.js';
import type { Plan } from './plans/plan.js';
import type { StartedPlan } from './records.js';

// The started plans and their days, each function called inside the store's transaction.

export function insertPlan(db: Database.Database, plan: Plan, start: LocalDate, now: Date): StartedPlan {
  if (db.prepare('SELECT 1 FROM plans WHERE id = ?').get(plan.id))
    throw new WorkspaceError(
      'conflict',
      `plan '${plan.id}' is already started (bible plan stop ${plan.id} to start over)`,
    );
  db.prepare('INSERT INTO plans (id, name, source, start_date, started_at) VALUES (?, ?, ?, ?, ?)').run(
    plan.id,
    plan.name,
    plan.source,
    start,
    now.toISOString(),
  );
  const insert = db.prepare('INSERT INTO plan_portions (plan_id, day, refs, due) VALUES (?, ?, ?, ?)');
  plan.days.forEach((refs, i) => {
    insert.run(plan.id, i + 1, refs.join('; '), addDays(start, i));
  });
  return planById(db, plan.id) as StartedPlan;
}

export function allPlans(db: Database.Database): StartedPlan[] {
  const ids = db.prepare('SELECT id FROM plans ORDER BY started_at, id').pluck().all() as string[];
  return ids.map((id) => planById(db, id) as StartedPlan);
}

export function planById(db: Database.Database, id: string): StartedPlan | undefined {
  const row = db.prepare('SELECT * FROM plans WHERE id = ?').get(id.toLowerCase()) as
    | { id: string; name: string; source: string; start_date: string }
    | undefined;
  if (!row) return undefined;
  const portions = (
    db
      .prepare('SELECT day, refs, due, done_on FROM plan_portions WHERE plan_id = ? ORDER BY day')
      .all(row.id) as Array<{
      day: number;
      refs: string;
      due: string;
      done_on: string | null;
    }>
  ).map((p) => ({ day: p.day, refs: p.refs.split('; '), due: p.due, doneOn: p.done_on }));
  return { id: row.id, name: row.name, source: row.source, start: row.start_date, portions };
}

/** Marks days of a plan read on `today`; returns the days that were not read before. */
export function markDays(db: Database.Database, planId: string, days: number[], today: LocalDate): number[] {
  const mark = db.prepare('UPDATE plan_portions SET done_on = ? WHERE plan_id = ? AND day = ? AND done_on IS NULL');
  return days.filter((day) => mark.run(today, planId, day).changes > 0);
}

/** Gives days of a plan new due dates. */
export function moveDays(db: Database.Database, planId: string, due: Map<number, LocalDate>): void {
  const update = db.prepare('UPDATE plan_portions SET due = ? WHERE plan_id = ? AND day = ?');
  for (const [day, date] of due) update.run(date, planId, day);
}

export function deletePlan(db: Database.Database, id: string): boolean {
  return db.prepare('DELETE FROM plans WHERE id = ?').run(id.toLowerCase()).changes > 0;
}
