import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli.js';

const first = (text: string) => text.split('\n')[0];

describe('topics by everyday word', () => {
  it('bible topic worry|depression answers from Everyday Topics, exit 0', async () => {
    const worry = await runCliInProcess(['topic', 'worry']);
    expect([worry.code, worry.stderr, first(worry.stdout)]).toEqual([0, '', 'Anxiety and worry (everyday-topics)']);
    expect(worry.stdout).toContain('Philippians 4:6-7; 1 Peter 5:7; Matthew 6:34');
    expect(worry.stdout).toContain('— Everyday Topics: key verses');
    const depression = await runCliInProcess(['topic', 'depression']);
    expect(first(depression.stdout)).toBe('Depression and despair (everyday-topics)');
    const json = JSON.parse((await runCliInProcess(['topic', 'worry', '--json'])).stdout);
    expect([json.id, json.slug]).toEqual(['everyday-topics', 'anxiety-and-worry']);
    // A word no work holds is still the dead end, exit 4.
    expect((await runCliInProcess(['topic', 'xyzzy'])).code).toBe(4);
  });

  it('follows a lone "See also" (ANXIETY -> CARE), saying so on stderr', async () => {
    const r = await runCliInProcess(['topic', 'anxiety']);
    expect([r.code, r.stderr, first(r.stdout)]).toEqual([0, 'bible: ANXIETY: see CARE\n', 'CARE (nave)']);
  });

  it('a cross-reference section is one line, never an empty "See" heading', async () => {
    const r = await runCliInProcess(['topic', 'love', '--text']);
    expect(r.stdout).toContain('\nOF CHILDREN FOR PARENTS (see CHILDREN)\n');
    expect(r.stdout).not.toMatch(/: See\n/);
  });

  it("topic search looks in every topical work, naming each hit's work", async () => {
    const r = await runCliInProcess(['topic', 'search', 'worry']);
    expect(first(r.stdout)).toBe('anxiety-and-worry\tAnxiety and worry\teveryday-topics');
    const json = JSON.parse((await runCliInProcess(['topic', 'search', 'worry', '--json'])).stdout);
    expect(json.map((w: { id: string }) => w.id)).toEqual(['nave', 'everyday-topics', 'people-places']);
  });
});

describe('a story by a word of its slug', () => {
  it('bible story prodigal opens the one story whose slug names it; a word of many stays a dead end', async () => {
    const r = await runCliInProcess(['story', 'prodigal']);
    expect([r.code, first(r.stdout)]).toEqual([0, 'The Prodigal Son']);
    const json = JSON.parse((await runCliInProcess(['story', 'samaritan', '--json'])).stdout);
    expect(json.slug).toBe('the-good-samaritan');
    expect((await runCliInProcess(['story', 'lost'])).code).toBe(4);
  });
});
