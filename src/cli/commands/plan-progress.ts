import { quoted } from '../../core/text/quoted.js';
import type { PlanProgress } from '../../workspace/plans/schedule.js';
import type { StartedPlan, UserStore } from '../../workspace/store.js';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { wholeNumber } from '../flags.js';
import { present } from '../present.js';
import { localToday, plural, withUserStore } from '../workspace.js';
import { runPassage } from './bible.js';
import { translationIds } from './study-options.js';

// The commands on the started plans' progress: today, done, status, catch-up (plan.ts registers them).

export interface PlanOption {
  plan?: string;
}

/** The started plans a command acts on: the one named by --plan, else all of them. */
export function selected(store: UserStore, opts: PlanOption): StartedPlan[] {
  if (opts.plan) {
    const plan = store.plan(opts.plan);
    if (!plan)
      throw new CliError(
        `plan ${quoted(opts.plan)} is not started (bible plan status lists the started ones)`,
        EXIT.NOT_FOUND,
      );
    return [plan];
  }
  const plans = store.plans();
  if (!plans.length)
    throw new CliError('no plan is started: bible plan list, then bible plan start <id>', EXIT.NOT_FOUND);
  return plans;
}

async function progress(plan: StartedPlan, today: string): Promise<PlanProgress> {
  const { progressOf } = await import('../../workspace/plans/schedule.js');
  return progressOf(plan.start, plan.portions, today);
}

/** The started plans the command acts on, each with its progress on the user's today. */
async function startedProgress(ctx: Context, opts: PlanOption) {
  const today = await localToday(ctx);
  const plans = await withUserStore(ctx, (s) => selected(s, opts));
  return { today, started: await Promise.all(plans.map(async (plan) => ({ plan, p: await progress(plan, today) }))) };
}

/** `bible plan today`: which plan, and with `read` the text in `translation`. */
export interface TodayOptions extends PlanOption {
  read?: boolean;
  translation?: string[];
}

export async function runPlanToday(opts: TodayOptions, ctx: Context): Promise<void> {
  const { today, started } = await startedProgress(ctx, opts);
  const plans = started.map((s) => s.plan);
  const report = started.map(({ plan, p }) => ({
    plan: plan.id,
    name: plan.name,
    date: today,
    day: p.calendarDay,
    days: p.total,
    readings: p.today.map((r) => ({ day: r.day, refs: r.refs, done: r.doneOn !== null })),
    behind: p.behind,
    finished: p.finished,
  }));
  const refs = report.flatMap((r) => r.readings.flatMap((x) => x.refs));
  const read = opts.read && refs.length > 0;
  if (read && ctx.globals.json) {
    // As JSON the text is a field beside the report; as text, runPassage prints it under the report.
    const { fetchPassages, referencesFromArgs } = await import('../references.js');
    const client = await ctx.client();
    const texts = [];
    for (const id of await translationIds(ctx, opts))
      texts.push(await fetchPassages(client, id, await referencesFromArgs(refs)));
    return present(ctx, report, () => {}, { json: { plans: report, text: texts.length > 1 ? texts : texts[0] } });
  }
  if (!read) return present(ctx, report, () => printToday(ctx, report, plans, today));
  printToday(ctx, report, plans, today);
  ctx.out.line();
  return runPassage({ refs, translation: opts.translation }, ctx);
}

function printToday(
  ctx: Context,
  report: Array<{
    plan: string;
    name: string;
    day: number;
    days: number;
    readings: Array<{ day: number; refs: string[]; done: boolean }>;
    behind: number;
    finished: boolean;
  }>,
  plans: StartedPlan[],
  today: string,
): void {
  for (const r of report) {
    const plan = plans.find((p) => p.id === r.plan) as StartedPlan;
    ctx.out.line(ctx.style.c.bold(`${r.name} (${r.plan}) · ${today}`));
    if (r.day < 1) ctx.out.line(`  starts on ${plan.start}`);
    else if (!r.readings.length) ctx.out.line(r.finished ? '  finished: every day is read' : '  nothing due today');
    for (const x of r.readings) {
      ctx.out.line(
        `  day ${x.day} of ${r.days}: ${x.refs.join('; ')}${x.done ? `  ${ctx.style.c.dim('(read)')}` : ''}`,
      );
    }
    if (r.behind)
      ctx.out.line(`  ${plural(r.behind, 'day')} behind: bible plan catch-up spreads them over the days left`);
  }
}

/** Commander's parser for a plan's day number. */
export const dayNumber = wholeNumber((text) => `day must be a number of at least 1 (got ${quoted(text)})`, {
  min: 1,
  pattern: /^\d{1,4}$/,
});

export async function runPlanDone(opts: PlanOption & { day?: number }, ctx: Context): Promise<void> {
  const { day } = opts;
  const today = await localToday(ctx);
  const results = await withUserStore(ctx, async (s) => {
    const plans = selected(s, opts);
    if (day !== undefined && plans.length > 1)
      throw usageError(
        `${plans.length} plans are started: name one with --plan (${plans.map((p) => p.id).join(', ')})`,
      );
    const out = [];
    for (const plan of plans) {
      let days: number[];
      if (day !== undefined) {
        if (day > plan.portions.length) throw usageError(`${plan.id} has ${plural(plan.portions.length, 'day')}`);
        days = [day];
      } else days = (await progress(plan, today)).today.map((p) => p.day);
      const marked = s.markDone(plan.id, days, today);
      const after = s.plan(plan.id) as StartedPlan;
      out.push({
        plan: plan.id,
        name: plan.name,
        marked,
        already: days.filter((d) => !marked.includes(d)),
        done: after.portions.filter((p) => p.doneOn).length,
        days: after.portions.length,
      });
    }
    return out;
  });
  await present(ctx, results, () => {
    for (const r of results) {
      const what = r.marked.length
        ? `marked day ${r.marked.join(', ')} read`
        : r.already.length
          ? `day ${r.already.join(', ')} was already read`
          : 'nothing is due today';
      ctx.io.stdout.write(`${r.name} (${r.plan}): ${what}; ${r.done} of ${r.days} read\n`);
    }
  });
}

export async function runPlanStatus(opts: PlanOption, ctx: Context): Promise<void> {
  const { progressBar } = await import('../../workspace/plans/schedule.js');
  const { started } = await startedProgress(ctx, opts);
  const rows = started.map(({ plan, p }) => ({
    id: plan.id,
    name: plan.name,
    source: plan.source,
    start: plan.start,
    ends: p.ends,
    day: p.calendarDay,
    days: p.total,
    done: p.done,
    behind: p.behind,
    percent: Math.floor((p.done / p.total) * 100),
    finished: p.finished,
  }));
  await present(ctx, rows, () =>
    rows.forEach((r, i) => {
      if (i) ctx.out.line();
      ctx.out.line(ctx.style.c.bold(`${r.name} (${r.id})`));
      const when = r.day < 1 ? `starts ${r.start}` : `started ${r.start}, day ${Math.min(r.day, r.days)} of ${r.days}`;
      ctx.out.line(`  ${when}, ends ${r.ends}`);
      const state = r.finished ? 'finished' : r.behind ? `${plural(r.behind, 'day')} behind` : 'on schedule';
      ctx.out.line(`  ${progressBar(r.done, r.days)} ${r.percent}%  ${r.done} of ${r.days} read, ${state}`);
    }),
  );
}

export async function runPlanCatchUp(opts: PlanOption, ctx: Context): Promise<void> {
  const { catchUp } = await import('../../workspace/plans/schedule.js');
  const today = await localToday(ctx);
  const results = await withUserStore(ctx, (s) =>
    selected(s, opts).map((plan) => {
      const moved = catchUp(plan.portions, today);
      s.reschedule(plan.id, moved);
      const dates = [...moved.values()];
      return {
        plan: plan.id,
        name: plan.name,
        moved: [...moved].map(([day, due]) => ({ day, due })),
        from: dates[0] ?? null,
        to: dates[dates.length - 1] ?? null,
      };
    }),
  );
  await present(ctx, results, () => {
    for (const r of results) {
      ctx.io.stdout.write(
        r.moved.length
          ? `${r.name} (${r.plan}): ${plural(r.moved.length, 'missed day')} spread from ${r.from} to ${r.to}\n`
          : `${r.name} (${r.plan}): no day is behind\n`,
      );
    }
  });
}
