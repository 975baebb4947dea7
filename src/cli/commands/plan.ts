import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { quoted } from '../../core/text/quoted.js';
import type { Plan } from '../../workspace/plans/plan.js';
import { confirmOrRefuse } from '../confirm.js';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { printTable } from '../render/table.js';
import { localToday, plural, readUserStore, withUserStore } from '../workspace.js';
import {
  dayNumber,
  type PlanOption,
  runPlanCatchUp,
  runPlanDone,
  runPlanStatus,
  runPlanToday,
  type TodayOptions,
} from './plan-progress.js';
import { collectIds } from './study-options.js';

/** A plan to start: a built-in id, the id of a file in the plans folder, or a plan file's path. */
async function findPlan(ctx: Context, name: string): Promise<Plan> {
  const { builtInPlan } = await import('../../workspace/plans/builtin.js');
  const { listPlanFiles, readPlanFile } = await import('../../workspace/plans/plan-file.js');
  const builtIn = builtInPlan(name);
  if (builtIn) return builtIn;
  if (/\.(json|csv)$/i.test(name) && existsSync(name)) return readPlanFile(resolve(name));
  const file = listPlanFiles(ctx.env).find((p) => 'id' in p && p.id === name.toLowerCase());
  if (file && 'id' in file) return file;
  throw new CliError(
    `no plan ${quoted(name)} (bible plan list shows them; a plan file is a .json or .csv path)`,
    EXIT.NOT_FOUND,
  );
}

export async function runPlanList(ctx: Context): Promise<void> {
  const { builtInPlans } = await import('../../workspace/plans/builtin.js');
  const { listPlanFiles } = await import('../../workspace/plans/plan-file.js');
  const files = listPlanFiles(ctx.env);
  const started = await readUserStore(ctx, (s) => new Map(s.plans().map((p) => [p.id, p])), new Map());
  const plans: Plan[] = [...builtInPlans()];
  for (const f of files) {
    if ('error' in f) ctx.notice(`skipped ${f.error}`);
    else if (plans.some((p) => p.id === f.id)) ctx.notice(`skipped ${f.source}: '${f.id}' is a built-in plan's id`);
    else plans.push(f);
  }
  const rows = plans.map((p) => ({
    id: p.id,
    name: p.name,
    days: p.days.length,
    source: p.source,
    started: started.get(p.id)?.start ?? null,
  }));
  await present(ctx, rows, () =>
    printTable(
      ctx,
      ['Id', 'Name', 'Days', 'Started', 'Source'],
      rows.map((r) => [r.id, r.name, r.days, r.started ? `started ${r.started}` : '', r.source]),
    ),
  );
}

export async function runPlanStart(opts: { name: string; from?: string }, ctx: Context): Promise<void> {
  const { name } = opts;
  const { isLocalDate, nowFrom } = await import('../../workspace/local-date.js');
  if (opts.from !== undefined && !isLocalDate(opts.from))
    throw usageError(`--from takes a date as YYYY-MM-DD (got ${quoted(opts.from)})`);
  const plan = await findPlan(ctx, name);
  const start = opts.from ?? (await localToday(ctx));
  const started = await withUserStore(ctx, (s) => s.startPlan(plan, start, nowFrom(ctx.env)));
  const { progressOf } = await import('../../workspace/plans/schedule.js');
  const ends = progressOf(started.start, started.portions, start).ends;
  const json = { id: started.id, name: started.name, start: started.start, ends, days: started.portions.length };
  await present(ctx, json, () => {
    ctx.io.stdout.write(
      `Started ${started.name} (${started.id}): ${plural(started.portions.length, 'day')}, ${started.start} to ${ends}. Today's reading: bible plan today\n`,
    );
  });
}

/** `bible plan stop`: the plan (needed when several are started); `yes` stops it without asking. */
export async function runPlanStop(opts: { name?: string; yes?: boolean }, ctx: Context): Promise<void> {
  const plans = await readUserStore(ctx, (s) => s.plans(), []);
  const id = opts.name ?? (plans.length === 1 ? plans[0]!.id : undefined);
  if (!id) {
    if (!plans.length) throw new CliError('no plan is started', EXIT.NOT_FOUND);
    throw usageError(`${plans.length} plans are started: name one (${plans.map((p) => p.id).join(', ')})`);
  }
  const notStarted = () => new CliError(`plan ${quoted(id)} is not started`, EXIT.NOT_FOUND);
  const plan = plans.find((p) => p.id === id.toLowerCase());
  if (!plan) throw notStarted();
  const read = plan.portions.filter((p) => p.doneOn).length;
  await confirmOrRefuse(ctx, {
    yes: opts.yes,
    question: `Stop ${plan.name} (${plan.id}) and remove its progress (${read} of ${plan.portions.length} days read)?`,
    refusal: `plan stop removes ${plan.id}'s progress, so it asks first`,
    declined: `${plan.id} is not stopped`,
  });
  if (!(await withUserStore(ctx, (s) => s.stopPlan(plan.id)))) throw notStarted();
  await present(
    ctx,
    plan,
    () => {
      ctx.io.stdout.write(`Stopped ${plan.name} (${plan.id}); its progress is removed\n`);
    },
    { json: { stopped: plan.id } },
  );
}

export function registerPlan(program: Command, f: Factory): void {
  const plan = program
    .command('plan')
    .description('reading plans with progress: list, start, today, done, status, catch-up, stop');
  const planOption = ['--plan <id>', 'only this started plan (default: all of them)'] as const;
  plan
    .command('list')
    .description('the built-in plans and your plan files ($BIBLE_CONFIG_DIR/plans/*.json|*.csv)')
    .action(async () => runPlanList(await f.context()));
  plan
    .command('start')
    .description('start a plan: bible plan start bible-year [--from 2027-01-01]')
    .argument('<plan>', 'a plan id from bible plan list, or the path of a plan file')
    .option('--from <date>', 'the first day, YYYY-MM-DD (default: today)')
    .action(async (name: string, opts: { from?: string }) => runPlanStart({ ...opts, name }, await f.context()));
  plan
    .command('today')
    .description("today's reading of each started plan")
    .option(...planOption)
    .option('--read', 'print the text too')
    .option('-t, --translation <ids>', 'translation id for --read, or several side by side: kjv,web', collectIds)
    .action(async (opts: TodayOptions) => runPlanToday(opts, await f.context()));
  plan
    .command('done')
    .description("mark today's reading read, or a day of a plan: bible plan done 12 --plan nt-90")
    .argument('[day]', "the plan's day number (default: what is due today)", dayNumber)
    .option(...planOption)
    .action(async (day: number | undefined, opts: PlanOption) => runPlanDone({ ...opts, day }, await f.context()));
  plan
    .command('status')
    .description('progress of each started plan: days read, days behind, a bar')
    .option(...planOption)
    .action(async (opts: PlanOption) => runPlanStatus(opts, await f.context()));
  plan
    .command('catch-up')
    .description('spread the missed days over the days left')
    .option(...planOption)
    .action(async (opts: PlanOption) => runPlanCatchUp(opts, await f.context()));
  plan
    .command('stop')
    .description('stop a plan and remove its progress')
    .argument('[plan]', 'the plan id (needed when several are started)')
    .option('-y, --yes', 'stop without asking (needed off a terminal)')
    .action(async (name: string | undefined, opts: { yes?: boolean }) =>
      runPlanStop({ ...opts, name }, await f.context()),
    );
}
