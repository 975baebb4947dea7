/** A reading plan: its days, each a list of references read that day. */
export interface Plan {
  id: string;
  name: string;
  /** 'built-in', or the path of the plan file it was read from. */
  source: string;
  /** Day n of the plan is days[n - 1]: canonical references ("Genesis 1-3"). */
  days: string[][];
}
